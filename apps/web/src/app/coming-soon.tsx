import { PageHeader } from '../components/ui/page';

export function ComingSoon() {
  return (
    <section>
      <PageHeader title="Coming soon" />
      <p>This page is not available yet.</p>
    </section>
  );
}
