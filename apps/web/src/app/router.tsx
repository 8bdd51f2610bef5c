import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { DeniedPage } from './denied-page';
import { RequireRole, RequireSubscriber, RequireUser } from './guards';
import { adminAreaRoutes, subscriberAreaRoutes, superAdminAreaRoutes, userAreaRoutes, type AreaRoute } from './area-routes';
import { lazyPage } from '../lib/lazy-page';
import { HomePage } from '../features/marketing/home-page';
import { ARTICLE_SLUGS } from '../features/marketing/article-slugs';

// Everything but the home page is split out, so `/` loads only the shell (spec perf target).
const AboutPage = lazyPage(() => import('../features/marketing/about-page'), 'AboutPage');
const ContactPage = lazyPage(() => import('../features/marketing/contact-page'), 'ContactPage');
const PackagesPage = lazyPage(() => import('../features/marketing/packages-page'), 'PackagesPage');
const BlogIndexPage = lazyPage(() => import('../features/marketing/blog-index-page'), 'BlogIndexPage');
const ArticlePage = lazyPage(() => import('../features/marketing/article-page'), 'ArticlePage');
const SignupPage = lazyPage(() => import('../features/auth/signup-page'), 'SignupPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const ChangePasswordPage = lazyPage(() => import('../features/auth/change-password-page'), 'ChangePasswordPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');

const ADMIN_ROLES = ['ADMIN', 'SADMIN'] as const;
const SADMIN_ONLY = ['SADMIN'] as const;

const toRoutes = (routes: AreaRoute[]): RouteObject[] =>
  routes.map(({ path, Component }) => ({ path, element: <Component /> }));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
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
      {
        element: <RequireUser />,
        children: [
          { path: '/user/profile', element: <ProfilePage /> },
          { path: '/user/profile/change-password', element: <ChangePasswordPage /> },
          ...toRoutes(userAreaRoutes),
        ],
      },
      { element: <RequireSubscriber />, children: toRoutes(subscriberAreaRoutes) },
      { element: <RequireRole roles={ADMIN_ROLES} />, children: toRoutes(adminAreaRoutes) },
      { element: <RequireRole roles={SADMIN_ONLY} />, children: toRoutes(superAdminAreaRoutes) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
