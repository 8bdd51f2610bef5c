import { PageHeader } from '../../components/ui/page';
import { t } from '../../lib/i18n';

export function AboutPage() {
  return (
    <article className="prose-article max-w-3xl">
      <PageHeader title={t('About Us')} intro={t('Making cryptocurrency accessible, with plain words and no promises of profit.')} />
      <h2>{t('Who we are')}</h2>
      <p>
        {t(
          'We are a small team based in the United Arab Emirates. We built this platform because holding and moving USDT is still confusing for many people: networks, addresses and transaction IDs are easy to get wrong, and mistakes on a blockchain are rarely reversible.',
        )}
      </p>
      <h2>{t('What we offer')}</h2>
      <p>
        {t(
          'Members keep a points balance where one point stands for one USDT. You add points by depositing USDT on the Tron TRC20 network and submitting the transaction ID; an admin checks the transfer before crediting it. You can move points to other members, request a withdrawal, choose a fixed VIP package amount and activate a subscription that unlocks our video library.',
        )}
      </p>
      <h2>{t('What we do not do')}</h2>
      <p>
        {t(
          'We do not promise returns, yields or profits, and nothing here is financial advice. Cryptocurrency is volatile and risky: you can lose some or all of the money you put in. Only deposit what you can afford to lose.',
        )}
      </p>
      <h2>{t('How we handle your money')}</h2>
      <p>
        {t(
          'Every change to a balance is recorded in a double-entry ledger, so each point can be traced to a deposit, transfer, withdrawal or reward. Withdrawals hold the points at once and are processed by an admin.',
        )}
      </p>
    </article>
  );
}
