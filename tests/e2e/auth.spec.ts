// Sign-in, registration, redirects, logout and the shell, through the real forms in Chromium.
import { translate } from '../../server/i18n';
import { expect, isPhone, registerViaApi, test, uniqueName } from './fixtures';

test.describe('registration', () => {
  test('registers through the form and lands on the dashboard', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Login to your account to continue')).toBeVisible();
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await expect(page.getByText('Sign up to start tracking your gospel sharing activities')).toBeVisible();

    const username = uniqueName('lydia');
    await page.getByPlaceholder('Choose a username').fill(username);
    await page.getByPlaceholder('Enter your full name').fill('Lydia of Thyatira');
    await expect(page.getByPlaceholder('Enter your email address')).toHaveAttribute('type', 'email');
    await page.getByPlaceholder('Enter your email address').fill(`${username}@example.com`);
    await expect(page.getByPlaceholder('Choose a password')).toHaveAttribute('type', 'password');
    await page.getByPlaceholder('Choose a password').fill('purple-cloth-1');
    await expect(page.getByPlaceholder('Confirm your password')).toHaveAttribute('type', 'password');
    await page.getByPlaceholder('Confirm your password').fill('purple-cloth-1');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('Registration successful!')).toBeVisible();
    await expect(page.getByText('Your account has been created. You can now log in.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByText(username).filter({ visible: true })).toBeVisible();
    await expect(page.getByText('Lydia of Thyatira').filter({ visible: true })).toBeVisible();
    // The spec's user initials: the first letters of firstName ('Lydia') and lastName ('of Thyatira').
    await expect(page.getByText('LO', { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test('shows every registration message under its field @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    // The address people guess opens the registration card, not the sign-in one.
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
    await page.getByPlaceholder('Choose a username').fill('ab');
    await page.getByPlaceholder('Enter your full name').fill('J');
    await page.getByPlaceholder('Choose a password').fill('12345');
    await page.getByPlaceholder('Confirm your password').fill('12345');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    // An empty email is missing, not invalid; a typed one that is no address is invalid (SPEC §5).
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    await page.getByPlaceholder('Enter your email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();

    await page.getByPlaceholder('Choose a password').fill('123456');
    await page.getByPlaceholder('Confirm your password').fill('654321');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
  });

  test('reports a taken username with the registration failure toast @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const taken = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/login?mode=register');
    await page.getByPlaceholder('Choose a username').fill(taken.username);
    await page.getByPlaceholder('Enter your full name').fill('Second Person');
    await page.getByPlaceholder('Enter your email address').fill(`${uniqueName('x')}@example.com`);
    await page.getByPlaceholder('Choose a password').fill('long-enough-1');
    await page.getByPlaceholder('Confirm your password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration failed')).toBeVisible();
    await expect(page.getByText('Username already taken').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
  });
});

test.describe('login', () => {
  test('shows the login messages, the failure toast, then signs in', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a Spanish account signing in from an English browser reads Spanish from the toast on @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const user = await registerViaApi(page);
    expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
    await page.context().clearCookies();
    // Every level-one heading the page ever shows, so an English screen that flashes before the Spanish one is caught.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { headings: string[] }).headings = []);
      new MutationObserver(() => document.querySelectorAll('h1').forEach((h1) => seen.at(-1) !== h1.textContent && seen.push(h1.textContent ?? ''))).observe(
        document,
        { childList: true, subtree: true, characterData: true },
      );
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(translate('es', 'Login successful!'), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: translate('es', 'Dashboard'), level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).not.toContain('Dashboard');
    // And the screens after it.
    await page.getByRole('link', { name: translate('es', 'Settings'), exact: true }).click();
    await expect(page.getByRole('heading', { name: translate('es', 'Settings'), level: 1 })).toBeVisible();
  });

  test('the form’s rules come when it is first focused, and a second press while they load signs in once @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // The rules' chunk (src/forms/authSchemas.ts) is held until released: the presses come while it loads.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let rulesAsked!: () => void;
    const rulesRequested = new Promise<void>((resolve) => (rulesAsked = resolve));
    await page.route('**/assets/authSchemas-*.js', async (route) => {
      rulesAsked();
      await released;
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.locator('html[data-running]')).toBeAttached();
    expect(asked.filter((path) => path.includes('authSchemas'))).toEqual([]);

    await page.getByLabel('Username').fill(user.username);
    await rulesRequested;
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Login' }).click();
    release();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(asked.filter((path) => path.includes('auth.login'))).toHaveLength(1);
  });

  test('says so when too many attempts were made @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    for (let i = 0; i < 10; i++) await page.request.post('/api/auth/login', { data: { username: user.username, password: `guess-${i}` } });
    await page.goto('/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Too many attempts. Please try again later.')).toBeVisible();
  });
});

test.describe('routing', () => {
  test('sends guests to /login and signed-in visitors of /login to / @desktop-only', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/login$/);
    await registerViaApi(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the 404 screen inside the shell', async ({ page, user }) => {
    void user;
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    if (!isPhone(page)) await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('logs out to / and then shows the sign-in screen', async ({ page, user }) => {
    void user;
    await page.goto('/goals');
    if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});

test.describe('shell', () => {
  // Tagged for one layout: playwright.config.ts runs it only in that project.
  test('highlights the current link in a 16rem sidebar on desktop', { tag: '@desktop-only' }, async ({ page, user }) => {
    void user;
    await page.goto('/followups');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Follow-ups' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Dashboard', 'Activities', 'Contacts', 'Follow-ups', 'Prayer Journal', 'Goals', 'Resources'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    const aside = nav.locator('xpath=ancestor::aside[1]');
    expect((await aside.boundingBox())?.width).toBe(256);
  });

  test('opens the drawer from the top bar on a phone and closes it on a link', { tag: '@phone-only' }, async ({ page, user }) => {
    void user;
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Prayer Journal' }).click();
    await expect(page).toHaveURL(/\/prayer-journal$/);
    await expect(drawer).toBeHidden();
  });
});
