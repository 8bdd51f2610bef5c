import { Mail, MapPin, Phone } from 'lucide-react';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { telHref, useAppConfig } from '../../lib/config';

export function ContactPage() {
  // The same live settings as the footer (GET /config), so the two never disagree.
  const { supportEmail, supportPhone } = useAppConfig();
  return (
    <section>
      <PageHeader
        title="Contact Us"
        intro="Questions about a deposit, a withdrawal or your account? Write or call us; we answer on working days."
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <Phone aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">Phone</h2>
          <p className="mt-1">
            <a href={telHref(supportPhone)} className="text-emerald-800 underline dark:text-emerald-300" data-testid="contact-phone">
              {supportPhone}
            </a>
          </p>
        </Card>
        <Card>
          <Mail aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">E-mail</h2>
          <p className="mt-1">
            <a href={`mailto:${supportEmail}`} className="text-emerald-800 underline dark:text-emerald-300" data-testid="contact-email">
              {supportEmail}
            </a>
          </p>
        </Card>
        <Card>
          <MapPin aria-hidden="true" className="h-6 w-6 text-emerald-700 dark:text-emerald-300" />
          <h2 className="mt-3 font-semibold">Address</h2>
          <address className="mt-1 not-italic">
            Office 000, Example Tower
            <br />
            Dubai, United Arab Emirates
          </address>
        </Card>
      </div>
      <p className="mt-8 max-w-2xl text-sm text-slate-700 dark:text-slate-300">
        We will never ask for your password or your wallet's recovery phrase. When asking about a deposit,
        include its transaction ID; for a withdrawal, its payment ID.
      </p>
    </section>
  );
}
