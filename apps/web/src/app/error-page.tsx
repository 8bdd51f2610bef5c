import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : t('Unknown error');
}

/** The fallback of docs/product.md#routes: shown when rendering throws. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t('Unexpected Application Error!')}</h1>
      <h2 className="mt-4 text-xl font-semibold text-red-700 dark:text-red-300">{describe(error)}</h2>
      <p className="mt-8">
        <a href="/" className="font-semibold text-emerald-700 underline dark:text-emerald-300">
          {t('Back to the home page')}
        </a>
      </p>
    </main>
  );
}

interface BoundaryProps {
  /** The current location's key: a new location clears the error, as the router's own boundary does. */
  location: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  location: string;
}

export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
