/** One home in the webapp for the hashtag rule of domain/posts.py (`normalise_hashtag`):
 *  1-30 letters, digits or underscores, an optional leading `#`. */
export const MAX_HASHTAG_LENGTH = 30;
export const HASHTAG_RULE = `Hashtags can only use letters, numbers and underscores (at most ${MAX_HASHTAG_LENGTH} characters)`;

// Python's \w (Unicode): letters, marks, digits and the underscore.
const HASHTAG = new RegExp(`^[\\p{L}\\p{M}\\p{N}_]{1,${MAX_HASHTAG_LENGTH}}$`, 'u');

/** The rule's message when `text` (a chip, or what is being typed) is not a hashtag. */
export function hashtagProblem(text: string): string | null {
  const name = text.trim().replace(/^#/, '');
  return name === '' || HASHTAG.test(name) ? null : HASHTAG_RULE;
}
