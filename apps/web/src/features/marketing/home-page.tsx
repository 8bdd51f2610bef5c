import { Link } from 'react-router';
import { ArrowLeftRight, Coins, Package, ShieldCheck, Video, Wallet } from '../../components/ui/shell-icons';
import { buttonClass } from '../../components/ui/button';
import { useStoredAuth } from '../../lib/auth-storage';
import { msg, t, Trans } from '../../lib/i18n';
import { HERO_ART } from './hero-art';

const FEATURES = [
  {
    icon: Wallet,
    title: msg('A points balance in USDT'),
    text: msg('Your balance is kept as points, where one point is one USDT, always shown with two decimals.'),
  },
  {
    icon: Coins,
    title: msg('Deposits over Tron TRC20'),
    text: msg(
      'Send USDT on the Tron TRC20 network to the address we show, then submit the transaction ID. An admin checks it before points are added.',
    ),
  },
  {
    icon: ArrowLeftRight,
    title: msg('Transfers between members'),
    text: msg('Move points to another member by their e-mail address. A transfer never exceeds your balance.'),
  },
  {
    icon: Package,
    title: msg('VIP packages'),
    text: msg('Seven fixed packages from 12 to 400 USDT make a deposit of a set amount quick to submit.'),
  },
  {
    icon: ShieldCheck,
    title: msg('Subscription'),
    text: msg('Activate a subscription with your points to unlock the video library.'),
  },
  {
    icon: Video,
    title: msg('Videos'),
    text: msg('Subscribers watch videos for the stated time and are credited the points shown on each video.'),
  },
];

export function HomePage() {
  const { isLoggedIn } = useStoredAuth();
  return (
    <>
      <section className="grid items-center gap-8 rounded-2xl bg-slate-50 px-6 py-10 dark:bg-slate-900 sm:px-10 md:grid-cols-[1fr_auto] md:py-12">
        <div className="min-w-0">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {t('A clear, simple home for your USDT points')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            {t(
              'Deposit USDT over Tron TRC20, keep a points balance, transfer to friends and choose a VIP package. We make no promise of returns or profits: crypto is risky and you should only use money you can afford to lose.',
            )}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {isLoggedIn ? (
              <Link to="/user/profile" className={buttonClass('primary')}>
                {t('Go to your profile')}
              </Link>
            ) : (
              <>
                <Link to="/signup" className={buttonClass('primary')}>
                  {t('Create an account')}
                </Link>
                <Link to="/login" className={buttonClass('secondary')}>
                  {t('Log in')}
                </Link>
              </>
            )}
            <Link to="/allpackage" className={buttonClass('secondary')}>
              {t('See the packages')}
            </Link>
          </div>
        </div>
        {/* The hero picture (drawn for this project: public/art/hero.svg, 3 kB): a file, not markup, so the first
            load's JavaScript does not grow (hinted with the page: hero-art.ts); its size is fixed here so nothing moves when
            it arrives. Decorative. */}
        <img src={HERO_ART.src} alt="" width={HERO_ART.width} height={HERO_ART.height} data-testid="hero-art" className="mx-auto h-auto w-full max-w-[16rem] md:max-w-xs" />
      </section>

      <section aria-labelledby="what-we-do" className="mt-12">
        <h2 id="what-we-do" className="text-2xl font-bold">
          {t('What the platform does')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
              <Icon aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
              <h3 className="mt-3 font-semibold">{t(title)}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="honest" className="mt-12 rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
        <h2 id="honest" className="text-xl font-bold">
          {t('Before you start')}
        </h2>
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          <Trans
            id="Points track the USDT you deposited; they are not an investment and earn nothing by themselves. We do not promise returns, profits or mining income. Deposits are checked by hand, so credit is not instant. Read our <0>blog</0> to learn how crypto, wallets and transfers work."
            components={{ 0: <Link to="/blog" className="font-semibold text-emerald-800 underline dark:text-emerald-300" /> }}
          />
        </p>
      </section>
    </>
  );
}
