import { isValidElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './error-page';
import { lazyPage, preloadPage } from '../lib/lazy-page';
import { HomePage } from '../features/marketing/home-page';
import { ARTICLE_SLUGS } from '../features/marketing/article-slugs';

// Everything but the home page is split out, so `/` loads only the shell (spec perf target). The
// declarative router (useRoutes in a BrowserRouter, main.tsx) is half the size of the data router,
// whose loaders and actions this app does not use.
const AboutPage = lazyPage(() => import('../features/marketing/about-page'), 'AboutPage', { query: false, messages: ['marketing'] });
const ContactPage = lazyPage(() => import('../features/marketing/contact-page'), 'ContactPage', { query: false, messages: ['marketing'] });
const PackagesPage = lazyPage(() => import('../features/marketing/packages-page'), 'PackagesPage', { query: false, messages: ['marketing'] });
const BlogIndexPage = lazyPage(() => import('../features/marketing/blog-index-page'), 'BlogIndexPage', { query: false, messages: ['marketing'] });
const ArticlePage = lazyPage(() => import('../features/marketing/article-page'), 'ArticlePage', { query: false, messages: ['marketing'] });
const SignupPage = lazyPage(() => import('../features/auth/signup-page'), 'SignupPage', { query: false, messages: ['auth'] });
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage', { query: false, messages: ['auth'] });
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage', { query: false, messages: ['auth'] });
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage', { query: false, messages: ['auth'] });
const DeniedPage = lazyPage(() => import('./denied-page'), 'DeniedPage', { query: false });
// The signed-in areas and the 404 page: one chunk with their route table (area-routes.tsx).
const AreaRoutes = lazyPage(() => import('./area-routes'), 'AreaRoutes', { query: false, messages: ['app', 'auth'] });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/denied', element: <DeniedPage /> },
      { path: '/allpackage', element: <PackagesPage /> },
      { path: '/blog', element: <BlogIndexPage /> },
      ...ARTICLE_SLUGS.map((slug) => ({ path: `/blog/${slug}`, element: <ArticlePage slug={slug} /> })),
      { path: '/signup', element: <SignupPage /> },
      { path: '/signup/:refer', element: <SignupPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/user/profile/reset-password', element: <ForgotPasswordPage /> },
      { path: '/user/profile/reset-password/:resetToken', element: <ResetPasswordPage /> },
      { path: '*', element: <AreaRoutes /> },
    ],
  },
];

/**
 * Loads the page at `pathname` (its chunk, messages and first call; behind the area routes, the page their guard
 * lets the stored login see), so the first render shows it at once instead of the skeleton first (main.tsx).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (isValidElement(element) && element.type === AreaRoutes) {
    return Promise.all([AreaRoutes.preload(), import('./area-routes').then((m) => m.preloadArea(pathname))]);
  }
  return preloadPage(element);
}

/** The routes; a render error anywhere shows the error page instead, until the location changes. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return <RouteErrorBoundary location={location.key}>{element}</RouteErrorBoundary>;
}
