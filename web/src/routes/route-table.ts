/**
 * The one table of routes, menu entries, titles, shell rules and who may see each. Every
 * component that needs to know what a route shows reads it from here; no rule is repeated
 * inside a component.
 */
import type { ComponentType } from 'react';

/** Which top bar a route shows. */
export type HeaderKind =
  /** The full top bar: title, help menu, envelope counter, user. Logged out: title and a Log In button. */
  | 'app'
  /** Only a Log In button (request-new-password, register, user reset). */
  | 'login-button'
  /** A Register button (the login page). */
  | 'register-button'
  /** No header at all (the signing pages). */
  | 'none';

/**
 * Who may open a route: anyone; only people not signed in (signed-in people go on to their
 * dashboard); only signed-in people (others go to /login and come back, `surl`).
 */
export type Access = 'public' | 'guest' | 'private';

/** Where the page title comes from: the menu entry's name, a text of its own, or the form being signed or created. */
export type TitleSource =
  | { from: 'menu' }
  | { from: 'text'; text: string }
  /** The title of the form being signed, once loaded. */
  | { from: 'signing-form'; fallback: string }
  /** The title of the template being created or edited, once loaded. */
  | { from: 'form-creation'; fallback: string };

export type MenuGroup = 'Templates' | 'In Progress' | 'Completed' | 'Post Office' | 'Logs' | 'WisH' | 'Others';

/** The side menu's groups, in order; entries without a group come first. */
export const menuGroups: readonly MenuGroup[] = ['Templates', 'In Progress', 'Completed', 'Post Office', 'Logs', 'WisH', 'Others'];

export interface MenuEntry {
  name: string;
  key: string;
  group: MenuGroup | null;
  /** How the entry opens: in the app, in a new tab, with a full page load, or as the help menu. */
  opens: 'route' | 'new-tab' | 'full-load' | 'help-menu';
  /** Where it goes, when not the route's own path. */
  href?: string;
}

export interface PageModule {
  default: ComponentType;
}

export interface RouteEntry {
  /** The React Router path pattern. */
  path: string;
  /** The page's chunk: its file under `src/pages/`. */
  chunk: string;
  load: () => Promise<PageModule>;
  title: TitleSource;
  header: HeaderKind;
  /** Whether the side menu shows (it never shows when logged out). */
  sideMenu: boolean;
  /** Whether the translation widget shows. */
  translation: boolean;
  access: Access;
  /** Administrators only: the entry is hidden from others and its page refused to them. */
  admin: boolean;
  /** Open to personal accounts (who see only the entries flagged so); see `personalChoice` below. */
  personal: boolean;
  /** The tutorial panel's page key (`path` of tutorial items). */
  pageKey: string;
  menu: readonly MenuEntry[];
}

type Options = Partial<Omit<RouteEntry, 'path' | 'chunk' | 'load'>>;

const appPage = (path: string, chunk: string, load: () => Promise<PageModule>, options: Options): RouteEntry => ({
  path,
  chunk,
  load,
  title: { from: 'menu' },
  header: 'app',
  sideMenu: true,
  translation: true,
  access: 'private',
  admin: false,
  personal: false,
  pageKey: chunk.replace(/-page$/, ''),
  menu: [],
  ...options,
});

const entry = (name: string, key: string, group: MenuGroup | null, more: Partial<MenuEntry> = {}): MenuEntry => ({
  name,
  key,
  group,
  opens: 'route',
  ...more,
});

/** Signing pages show only the form: no header, no side menu. */
const signing = { header: 'none', sideMenu: false } as const;
const guest = { access: 'guest', sideMenu: false } as const;

/**
 * The `personal` flags. Personal accounts (one person signing their own paperwork, e.g. a
 * landlord or a sole trader) are administrators of a company of one. They keep what one
 * person needs to send, sign, track and keep forms: Dashboard, both template entries, the
 * three in-progress entries, Forms, Documents, Audit Forms (their proof of who signed what
 * and when), Connected Devices (signing on a tablet in the field), My Account (buying
 * envelopes), Settings and Help. They do not get what only makes sense for a team or an
 * organisation: Database and Analysis, Case Management, the Post Office, Actions Records and
 * the System log, Entry Book and Time Attendance, and Users.
 */
export const routes: readonly RouteEntry[] = [
  appPage('/', 'home-page', () => import('../pages/home-page.tsx'), {
    title: { from: 'text', text: 'Welcome' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/activate', 'activate-page', () => import('../pages/activate-page.tsx'), {
    title: { from: 'text', text: 'Activate your account' },
    access: 'public',
    personal: true,
  }),
  appPage('/dashboard', 'dashboard-page', () => import('../pages/dashboard-page.tsx'), {
    personal: true,
    menu: [entry('Dashboard', 'dashboard', null)],
  }),
  appPage('/template', 'manage-template-page', () => import('../pages/manage-template-page.tsx'), {
    personal: true,
    pageKey: 'template',
    menu: [entry('Manage Template', 'template', 'Templates')],
  }),
  appPage('/template/edit/:id/step1', 'template-step1-page', () => import('../pages/template-step1-page.tsx'), {
    title: { from: 'form-creation', fallback: 'New template' },
    // The form being designed is content: a page translator would rewrite what gets saved.
    translation: false,
    personal: true,
    pageKey: 'template',
  }),
  appPage('/template/edit/:id/step2', 'template-step2-page', () => import('../pages/template-step2-page.tsx'), {
    title: { from: 'form-creation', fallback: 'New template' },
    translation: false,
    personal: true,
    pageKey: 'template',
  }),
  appPage('/template/edit/:id/step3', 'template-step3-page', () => import('../pages/template-step3-page.tsx'), {
    title: { from: 'form-creation', fallback: 'New template' },
    translation: false,
    personal: true,
    pageKey: 'template',
  }),
  // Designed: sending a form from a template, and a sent form's progress.
  appPage('/send/:templateId?', 'send-form-page', () => import('../pages/send-form-page.tsx'), {
    title: { from: 'text', text: 'Send a form' },
    personal: true,
    pageKey: 'template',
  }),
  // Designed: sending a template to many people from a CSV, the bulk sends and one's progress.
  appPage('/bulk-sends/:id?', 'bulk-sends-page', () => import('../pages/bulk-sends-page.tsx'), {
    title: { from: 'text', text: 'Bulk sends' },
    personal: true,
  }),
  appPage('/workflow/:id', 'form-progress-page', () => import('../pages/form-progress-page.tsx'), {
    title: { from: 'text', text: 'Form progress' },
    personal: true,
    pageKey: 'workflow',
  }),
  appPage('/listing', 'template-list-page', () => import('../pages/template-list-page.tsx'), {
    personal: true,
    pageKey: 'listing',
    menu: [entry('Template List', 'listing', 'Templates')],
  }),
  appPage('/pending', 'pending-page', () => import('../pages/pending-page.tsx'), {
    personal: true,
    menu: [entry('Action Required', 'pending', 'In Progress')],
  }),
  appPage('/workflow', 'workflow-page', () => import('../pages/workflow-page.tsx'), {
    personal: true,
    menu: [entry('Workflow (In Progress)', 'workflow', 'In Progress')],
  }),
  appPage('/supporting', 'supporting-page', () => import('../pages/supporting-page.tsx'), {
    personal: true,
    menu: [entry('Supporting Documents', 'supporting', 'In Progress')],
  }),
  appPage('/completed', 'completed-page', () => import('../pages/completed-page.tsx'), {
    personal: true,
    menu: [entry('Forms', 'completed', 'Completed')],
  }),
  appPage('/database', 'database-page', () => import('../pages/database-page.tsx'), { menu: [entry('Database', 'database', 'Completed')] }),
  appPage('/analysis', 'analysis-page', () => import('../pages/analysis-page.tsx'), {
    admin: true,
    menu: [entry('Analysis', 'analysis', 'Completed')],
  }),
  appPage('/dsm', 'case-management-page', () => import('../pages/case-management-page.tsx'), {
    pageKey: 'dsm',
    menu: [entry('Case Management', 'dsm', 'Completed')],
  }),
  appPage('/tenant/:id', 'tenant-page', () => import('../pages/tenant-page.tsx'), { title: { from: 'text', text: 'Tenant' }, pageKey: 'dsm' }),
  appPage('/mystorage', 'storage-page', () => import('../pages/storage-page.tsx'), {
    personal: true,
    pageKey: 'mystorage',
    menu: [entry('Documents', 'mystorage', 'Completed')],
  }),
  appPage('/iforms', 'form-integration-page', () => import('../pages/form-integration-page.tsx'), {
    admin: true,
    pageKey: 'iforms',
    menu: [entry('Form Integration', 'iforms', 'Post Office')],
  }),
  // Not in the specification's menu: reached from Form Integration (the Post Office), whose entry it keeps lit.
  appPage('/webhooks', 'webhooks-page', () => import('../pages/webhooks-page.tsx'), {
    title: { from: 'text', text: 'Webhooks' },
    admin: true,
    pageKey: 'iforms',
  }),
  appPage('/pforms', 'prepopulation-page', () => import('../pages/prepopulation-page.tsx'), {
    admin: true,
    pageKey: 'pforms',
    menu: [entry('Pre-population', 'pforms', 'Post Office', { opens: 'full-load' })],
  }),
  appPage('/devices', 'devices-page', () => import('../pages/devices-page.tsx'), {
    personal: true,
    menu: [entry('Connected Devices', 'devices', 'Logs')],
  }),
  appPage('/actionlogs', 'action-logs-page', () => import('../pages/action-logs-page.tsx'), {
    admin: true,
    pageKey: 'actionlogs',
    menu: [
      entry('Actions Records', 'actionlogs', 'Logs'),
      // The logs entry: the system log, in a new tab.
      entry('System', 'logs', 'Logs', { opens: 'new-tab', href: '/actionlogs?source=system' }),
    ],
  }),
  appPage('/formaudit', 'form-audit-page', () => import('../pages/form-audit-page.tsx'), {
    admin: true,
    personal: true,
    pageKey: 'formaudit',
    menu: [entry('Audit Forms', 'formaudit', 'Logs')],
  }),
  appPage('/time-entry', 'time-entry-page', () => import('../pages/time-entry-page.tsx'), {
    admin: true,
    menu: [entry('Entry Book', 'time-entry', 'WisH')],
  }),
  appPage('/time-attendance', 'time-attendance-page', () => import('../pages/time-attendance-page.tsx'), {
    menu: [entry('Time Attendance', 'time-attendance', 'WisH')],
  }),
  appPage('/account', 'account-page', () => import('../pages/account-page.tsx'), {
    personal: true,
    menu: [entry('My Account', 'account', 'Others')],
  }),
  appPage('/users/:page?', 'users-page', () => import('../pages/users-page.tsx'), {
    admin: true,
    menu: [entry('Users', 'users', 'Others', { href: '/users' })],
  }),
  appPage('/settings', 'settings-page', () => import('../pages/settings-page.tsx'), {
    personal: true,
    menu: [entry('Settings', 'settings', 'Others')],
  }),
  appPage('/help', 'help-page', () => import('../pages/help-page.tsx'), {
    personal: true,
    menu: [entry('Help', 'help', 'Others', { opens: 'help-menu' })],
  }),
  appPage('/stripe-completion', 'stripe-completion-page', () => import('../pages/stripe-completion-page.tsx'), {
    title: { from: 'text', text: 'Payment' },
    personal: true,
    pageKey: 'account',
  }),
  appPage('/checkout/return', 'checkout-return-page', () => import('../pages/checkout-return-page.tsx'), {
    title: { from: 'text', text: 'Payment' },
    personal: true,
    pageKey: 'account',
  }),
  appPage('/web-signing/:pageId?', 'web-signing-page', () => import('../pages/web-signing-page.tsx'), {
    ...signing,
    title: { from: 'signing-form', fallback: 'Sign a form' },
    access: 'public',
    personal: true,
  }),
  appPage('/open-signing/:pageId?', 'open-signing-page', () => import('../pages/open-signing-page.tsx'), {
    ...signing,
    title: { from: 'signing-form', fallback: 'Fill in a form' },
    access: 'public',
    personal: true,
  }),
  appPage('/open-pending/:pageId?', 'open-pending-page', () => import('../pages/open-pending-page.tsx'), {
    ...signing,
    title: { from: 'signing-form', fallback: 'Review a form' },
    personal: true,
    pageKey: 'pending',
  }),
  appPage('/login', 'login-page', () => import('../pages/login-page.tsx'), {
    ...guest,
    title: { from: 'text', text: 'Log In' },
    header: 'register-button',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/logout', 'logout-page', () => import('../pages/logout-page.tsx'), {
    title: { from: 'text', text: 'Sign out' },
    access: 'public',
    sideMenu: false,
    personal: true,
    pageKey: 'general',
  }),
  appPage('/register/:pmachinename?', 'register-page', () => import('../pages/register-page.tsx'), {
    ...guest,
    title: { from: 'text', text: 'Register' },
    header: 'login-button',
    personal: true,
    pageKey: 'general',
  }),
  // Designed: a new email address becomes the account's when the link mailed to it is followed.
  appPage('/confirm-email', 'confirm-email-page', () => import('../pages/confirm-email-page.tsx'), {
    title: { from: 'text', text: 'Confirm your new email address' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  // Designed: anyone checks a PDF against the documents this instance sealed.
  appPage('/verify', 'verify-page', () => import('../pages/verify-page.tsx'), {
    title: { from: 'text', text: 'Check a signed document' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/request-new-password', 'request-new-password-page', () => import('../pages/request-new-password-page.tsx'), {
    ...guest,
    title: { from: 'text', text: 'Request a new password' },
    header: 'login-button',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/user/reset/:userId/:timestamp/:hashedPassword', 'reset-password-page', () => import('../pages/reset-password-page.tsx'), {
    ...guest,
    title: { from: 'text', text: 'Set a new password' },
    header: 'login-button',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/not-allowed', 'not-allowed-page', () => import('../pages/not-allowed-page.tsx'), {
    title: { from: 'text', text: 'Not allowed' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/denied', 'denied-page', () => import('../pages/denied-page.tsx'), {
    title: { from: 'text', text: 'Access denied' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  appPage('/not-found', 'not-found-page', () => import('../pages/not-found-page.tsx'), {
    title: { from: 'text', text: 'Page not found' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
  // Any other path shows the not-found page.
  appPage('*', 'not-found-page', () => import('../pages/not-found-page.tsx'), {
    title: { from: 'text', text: 'Page not found' },
    access: 'public',
    personal: true,
    pageKey: 'general',
  }),
];
