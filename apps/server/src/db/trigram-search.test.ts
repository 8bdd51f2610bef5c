// Which part of a search the trigram index reads (decision 027): the longest run of a word whose trigrams are all rare,
// or the whole text when none of its trigrams is common or none is rare.
import { describe, expect, test } from 'vitest';
import { rarePart } from './trigram-search.js';

const bench = new Set(['ben', 'enc', 'nch', 'ch4', 'exa', 'xam', 'amp', 'mpl', 'ple', 'com']);

describe('rarePart', () => {
  test('the common trigrams are left out: bench4242 → h4242, in any case', () => {
    expect(rarePart('bench4242', bench)).toBe('h4242');
    expect(rarePart('BENCH4242', bench)).toBe('h4242');
  });

  test('across words, the longest rare run wins; punctuation splits words as pg_trgm does', () => {
    expect(rarePart('bench4242@example.com', bench)).toBe('h4242');
    expect(rarePart('zq12ab.mail@example.com', bench)).toBe('zq12ab');
  });

  test('the whole text when no trigram is common, or none is rare', () => {
    expect(rarePart('zq12ab', bench)).toBeNull();
    expect(rarePart('zq12ab', new Set())).toBeNull();
    expect(rarePart('bench', bench)).toBeNull();
    expect(rarePart('example.com', bench)).toBeNull();
    expect(rarePart('%_', bench)).toBeNull();
  });

  test('letters beyond ASCII are letters of a word', () => {
    expect(rarePart('benchمحمد', bench)).toBe('chمحمد');
  });
});
