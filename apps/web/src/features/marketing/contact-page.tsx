import { Mail, MapPin, Phone } from 'lucide-react';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { DEFAULT_CONFIG, telHref, useAppConfig } from '../../lib/config';
import { t } from '../../lib/i18n';

export function ContactPage() {
  // The same live settings as the footer (GET /config), so the two never disagree.
  const { supportEmail, supportPhone, supportAddress } = useAppConfig();
  return (
    <section>
      <PageHeader
        title={t('Contact Us')}
        intro={t('Questions about a deposit, a withdrawal or your account? Write or call us; we answer on working days.')}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <Phone aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">{t('Phone')}</h2>
          <p className="mt-1">
            {/* dir="ltr": a phone number reads left to right in Arabic too (the + stays in front). */}
            <a href={telHref(supportPhone)} dir="ltr" className="text-emerald-800 underline dark:text-emerald-300" data-testid="contact-phone">
              {supportPhone}
            </a>
          </p>
        </Card>
        <Card>
          <Mail aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">{t('E-mail')}</h2>
          <p className="mt-1">
            <a href={`mailto:${supportEmail}`} dir="ltr" className="text-emerald-800 underline dark:text-emerald-300" data-testid="contact-email">
              {supportEmail}
            </a>
          </p>
        </Card>
        <Card>
          <MapPin aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">{t('Address')}</h2>
          {/* The SUPPORT_ADDRESS setting, as the super admin typed it (dir="auto": Latin or Arabic); the placeholder
              address it starts with is shown in the reader's language. */}
          <address className="mt-1 not-italic" dir="auto" data-testid="contact-address">
            {supportAddress === DEFAULT_CONFIG.supportAddress ? (
              <>
                {t('Office 000, Example Tower')}
                <br />
                {t('Dubai, United Arab Emirates')}
              </>
            ) : (
              supportAddress
            )}
          </address>
        </Card>
      </div>
      <p className="mt-8 max-w-2xl text-sm text-slate-700 dark:text-slate-300">
        {t(
          "We will never ask for your password or your wallet's recovery phrase. When asking about a deposit, include its transaction ID; for a withdrawal, its payout address.",
        )}
      </p>
    </section>
  );
}
