// TEMPORARY stub until the library texts land.
export interface LibraryResource { slug: string; title: string; description: string; category: string; content: string }
export const resourceLibrary: LibraryResource[] = [
  { slug: 'stub-gospel', title: 'Stub', description: 'Stub', category: 'Gospel Basics', content: 'One.\nTwo.' },
];
