import { describe, expect, it } from 'vitest';
import { HASHTAG_RULE, hashtagProblem } from './hashtag';

describe('hashtagProblem', () => {
  it.each(['thrifted', '#Vintage', 'y2k_style', 'café', 'a'.repeat(30), ''])('accepts %j', (text) => {
    expect(hashtagProblem(text)).toBeNull();
  });

  it.each(['tag!', 'bad-tag', 'a'.repeat(31), '##two'])('refuses %j with the rule', (text) => {
    expect(hashtagProblem(text)).toBe(HASHTAG_RULE);
  });
});
