// The six static blog articles of docs/product.md#routes. Copy is educational and honest: no promised returns,
// and every article says plainly that crypto is risky.
// The Arabic is articles.ar.ts (whole articles, not catalog messages), hence the i18n-ignore marks.
import type { ArticleSlug } from './article-slugs';

export interface ArticleSection {
  heading: string;
  paragraphs: string[];
}

export interface Article {
  slug: ArticleSlug;
  title: string;
  summary: string;
  published: string;
  sections: ArticleSection[];
}

export const ARTICLES: Article[] = [
  {
    slug: 'crypto-rally-2024',
    title: 'The 2024 crypto rally: what happened and what it does not mean', // i18n-ignore: Arabic in articles.ar.ts
    summary:
      'Prices climbed sharply in 2024. Here is a sober look at the drivers, and why past rallies say nothing certain about the future.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-12-15',
    sections: [
      {
        heading: 'What moved the market', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'In 2024 the largest cryptocurrencies rose well above their levels of the previous year. Commonly cited drivers were the approval of spot bitcoin exchange-traded funds in the United States, which opened a familiar route for traditional investors, and the bitcoin "halving" in April, which cut the rate at which new coins are issued.',
          'Broader conditions mattered too. Expectations about interest rates, the mood of stock markets and a general appetite for risk all pushed money toward and away from crypto at different points in the year.',
        ],
      },
      {
        heading: 'Rallies are followed by falls', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Every earlier crypto boom, in 2013, 2017 and 2021, was followed by a deep fall; drops of 70 to 80 percent from the peak have happened more than once. Nobody can tell in advance whether a rally will continue, stall or reverse, and anyone who says otherwise is guessing.',
          'A rising price also attracts scams: copy-cat tokens, fake giveaways and "guaranteed return" schemes multiply when headlines are positive. A promise of fixed daily or monthly profits is the clearest warning sign there is.',
        ],
      },
      {
        heading: 'Where stablecoins fit', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'USDT is a stablecoin designed to track the US dollar, so it did not "rally" with bitcoin. Its risks are different: it depends on its issuer holding enough reserves and on the network you use to move it. Holding USDT is not a way to profit from a rally.',
        ],
      },
      {
        heading: 'A sensible takeaway', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'If you choose to hold crypto at all, size it so that a large fall would not hurt your daily life, prefer to learn before you buy, and be suspicious of anyone selling certainty. Crypto is risky; this article is information, not financial advice, and we promise no returns.',
        ],
      },
    ],
  },
  {
    slug: 'crypto-buy-guide',
    title: 'How to buy crypto safely: a beginner’s guide', // i18n-ignore: Arabic in articles.ar.ts
    summary: 'From choosing a regulated exchange to checking the network before you send, the steps that prevent costly mistakes.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-10-02',
    sections: [
      {
        heading: 'Start with why, and how much', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Before buying anything, decide what you want it for and how much you could lose without harm. Crypto prices can fall by half in weeks, and there is no deposit insurance if a platform fails. Only use money you can afford to lose entirely.',
        ],
      },
      {
        heading: 'Choose where to buy', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Most people buy through an exchange that is licensed in their country. Check the regulator’s public register rather than trusting a logo on a website, read the fee schedule, and look for two-factor authentication and a clear way to withdraw.',
          'Avoid buying from strangers on social media or messaging apps, and ignore anyone who contacts you first offering to "manage" your purchase.',
        ],
      },
      {
        heading: 'Verify, then fund a small amount first', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Exchanges will ask you to verify your identity. Once verified, start with a small purchase to learn the process end to end, including a withdrawal. Mistakes are much cheaper when the amount is small.',
        ],
      },
      {
        heading: 'Mind the network', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'The same token can exist on several networks. USDT, for example, exists on Tron (TRC20), Ethereum (ERC20) and others. When you withdraw or send, the network must match what the receiver expects; sending on the wrong network can lose the funds for good. On this platform deposits are USDT on Tron TRC20 only.',
        ],
      },
      {
        heading: 'Keep records', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Save the date, amount, price and transaction ID of every purchase and transfer. You will need them to resolve problems, and in many countries to report gains or losses for tax. Remember that crypto is risky and nothing here promises a return.',
        ],
      },
    ],
  },
  {
    slug: 'crypto-mining',
    title: 'Crypto mining explained', // i18n-ignore: Arabic in articles.ar.ts
    summary: 'What mining actually is, what it costs, and why "cloud mining" offers of fixed profits deserve deep suspicion.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-08-20',
    sections: [
      {
        heading: 'What mining does', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Proof-of-work blockchains such as bitcoin rely on miners to order transactions into blocks. Miners run specialised hardware that makes enormous numbers of guesses at a cryptographic puzzle; the first to find a valid answer adds the next block and receives newly issued coins plus the fees of the transactions in it.',
          'Many other networks, including Ethereum since 2022 and Tron, do not use mining at all: they use proof of stake or delegated schemes instead.',
        ],
      },
      {
        heading: 'The economics are hard', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Mining income depends on the coin price, the network’s total computing power and the block reward, all of which change constantly. Costs are hardware, which becomes obsolete quickly, and electricity, which is usually the largest expense. Professional operations with cheap power and bulk hardware dominate; small home setups often lose money.',
          'When the price falls or the reward halves, revenue can drop below running costs overnight. Mining is a business with real risk, not a source of guaranteed income.',
        ],
      },
      {
        heading: 'Beware of cloud mining promises', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Many websites sell "mining packages" or "cloud mining contracts" that promise a fixed daily profit. Real mining income cannot be fixed in advance, so such promises are a strong sign of a Ponzi scheme paying early customers with later customers’ money.',
          'This platform does not mine and does not sell mining contracts. Our VIP packages are simply deposits of fixed amounts and earn nothing by themselves.',
        ],
      },
      {
        heading: 'In short', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Mining secures some blockchains and can be a business for those with very cheap energy, but it is capital-intensive and volatile. Crypto is risky; treat any offer of effortless mining profit as a red flag.',
        ],
      },
    ],
  },
  {
    slug: 'secure-crypto-wallet',
    title: 'How to keep a crypto wallet secure', // i18n-ignore: Arabic in articles.ar.ts
    summary: 'Recovery phrases, hardware wallets, phishing and the habits that protect your funds.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-07-11',
    sections: [
      {
        heading: 'Custodial and self-custody wallets', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'With a custodial wallet, such as an exchange account, a company holds the keys and you trust it to let you withdraw. With a self-custody wallet you hold the keys yourself: no company can freeze your funds, but nobody can recover them if you lose the keys either.',
        ],
      },
      {
        heading: 'Guard the recovery phrase', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'A self-custody wallet is restored from a recovery phrase of 12 or 24 words. Anyone who sees those words controls the wallet. Write them on paper or metal, store them somewhere safe from fire and water, and never type them into a website, a chat or a cloud note.',
          'No genuine support team, including ours, will ever ask for your recovery phrase or password.',
        ],
      },
      {
        heading: 'Use hardware for larger amounts', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'A hardware wallet keeps keys on a separate device and asks you to confirm every transaction on its own screen. Buy one directly from the maker, never second hand, and set it up yourself.',
        ],
      },
      {
        heading: 'Protect your accounts', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Use a unique, long password for every exchange and platform, ideally from a password manager, and turn on two-factor authentication with an app rather than SMS where possible. Keep your phone and computer updated.',
        ],
      },
      {
        heading: 'Spot phishing', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Attackers copy login pages, send fake "security alerts" and pose as support staff. Type addresses yourself or use bookmarks, check the domain before logging in, and be wary of urgency. Security reduces risk but cannot remove it: crypto remains risky, and losses from theft are rarely recoverable.',
        ],
      },
    ],
  },
  {
    slug: 'transfer-crypto',
    title: 'How to transfer crypto without losing it', // i18n-ignore: Arabic in articles.ar.ts
    summary: 'Addresses, networks, fees and test transfers: a checklist for sending USDT and other tokens.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-06-03',
    sections: [
      {
        heading: 'Transfers are final', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'A blockchain transfer cannot be cancelled or charged back once confirmed. If you send to the wrong address or on the wrong network, the funds are usually gone. That is why a careful routine matters more than speed.',
        ],
      },
      {
        heading: 'Check the address and the network', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Copy and paste the address rather than typing it, then compare the first and last several characters with the original. Some malware swaps copied addresses, so check after pasting too. A Tron address starts with the letter T.',
          'Make sure the network matches on both sides. USDT sent as TRC20 must go to a Tron address that expects TRC20. Deposits to this platform must be USDT on Tron TRC20.',
        ],
      },
      {
        heading: 'Fees and confirmations', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Every network charges a fee to process a transfer. On Tron the fee is paid in energy and bandwidth, or in TRX when you have none. Keep a little TRX in a Tron wallet you send from. A transfer is final once it has enough confirmations, which on Tron usually takes about a minute.',
        ],
      },
      {
        heading: 'Send a test first', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'For a new address or a large amount, send a small test transfer, confirm it arrived, then send the rest. The extra fee is cheap insurance.',
        ],
      },
      {
        heading: 'Keep the transaction ID', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Every transfer has a transaction ID (hash). On this platform you submit it with your deposit so an admin can find and confirm the transfer. Transfers between members here move points, not coins, and happen instantly by e-mail address. Crypto is risky; double-check every step.',
        ],
      },
    ],
  },
  {
    slug: 'crypto-mining-legal',
    title: 'Is crypto mining legal?', // i18n-ignore: Arabic in articles.ar.ts
    summary: 'Mining rules differ from country to country. An overview of the questions to ask before you start.', // i18n-ignore: Arabic in articles.ar.ts
    published: '2024-05-14',
    sections: [
      {
        heading: 'It depends on where you are', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Crypto mining is legal in many countries, restricted in some and banned in others. China banned it in 2021; other places have limited it during energy shortages or in certain regions. Rules change often, so check the current position with your local authorities before spending any money on hardware.',
        ],
      },
      {
        heading: 'Energy and zoning rules', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Mining uses a lot of electricity and produces heat and noise. Even where mining is legal, running machines at home may breach electricity contracts, building rules or zoning for residential areas. Using electricity you do not pay for is theft everywhere.',
        ],
      },
      {
        heading: 'Tax and licensing', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'Many tax authorities treat mined coins as income when received, and any later sale as a separate taxable event. Some jurisdictions require a business licence for commercial mining. In the United Arab Emirates, for example, virtual asset activities are regulated and some require approval. Keep records of costs and rewards.',
        ],
      },
      {
        heading: 'Legal is not the same as safe', // i18n-ignore: Arabic in articles.ar.ts
        paragraphs: [
          'A legal activity can still lose money. Mining profits depend on volatile prices and rising difficulty, and schemes that promise fixed mining returns are often fraudulent regardless of local law. Crypto is risky; this article is general information, not legal or financial advice.',
        ],
      },
    ],
  },
];
