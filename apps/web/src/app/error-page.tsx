import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): { status: string; text: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return { status: String(error.status), text: error.statusText || detail };
  }
  if (error instanceof Error) return { status: '', text: error.message };
  return { status: '', text: typeof error === 'string' ? error : 'Unknown error' };
}

/** The router fallback of spec §2: shown when rendering or routing throws. */
export function ErrorPage() {
  const { status, text } = describe(useRouteError());
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <h2 className="mt-4 text-xl font-semibold text-red-700 dark:text-red-300">
        {[status, text].filter(Boolean).join(' ')}
      </h2>
      <p className="mt-8">
        <a href="/" className="font-semibold text-emerald-700 underline dark:text-emerald-300">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
