// The longest value each kind of field takes, in characters: in a module of its own, without zod, so that the sign-in
// page's bundle can read them (schemas/authFields.ts) without zod's full API.
export const LIMITS = { name: 200, email: 254, phone: 50, title: 200, description: 2000, longText: 10_000, count: 1_000_000 } as const;
