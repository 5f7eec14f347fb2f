// The colour themes a person may choose over the system's, with the daisyUI theme each one is (src/index.css): one list
// for the app that saves the choice (src/lib/theme.ts) and the server that puts it on the page it sends (server/http/page.ts).

export const themeNames = { light: 'sower', dark: 'sower-dark' } as const;
export type Theme = keyof typeof themeNames;

export const isTheme = (value: unknown): value is Theme => typeof value === 'string' && Object.hasOwn(themeNames, value);
