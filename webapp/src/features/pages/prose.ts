import { Lexer, type Token, type Tokens } from 'marked';
import { POLICY, PROTECTED_CASES } from '@/lib/policy';

/** Markdown blocks (paragraphs, lists) as marked's lexer reads them; rendered by `<Prose>`. */
export type Blocks = Token[];

/** `{inspection}`-style figures come from POLICY; `{protectedCases}` is the spec §9 list. */
const FIGURES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(POLICY).map(([key, value]) => [key, String(value)])),
  protectedCases: PROTECTED_CASES.map((item) => `- ${item}`).join('\n'),
};

/** The Markdown with every `{figure}` filled in; an unknown name is a mistake in the text. */
export function fillFigures(markdown: string): string {
  return markdown.replace(/\{([a-zA-Z]+)\}/g, (_match, name: string) => {
    const value = FIGURES[name];
    if (value === undefined) throw new Error(`Unknown figure {${name}} in the page text`);
    return value;
  });
}

/** The document's blocks, figures filled in; blank lines between blocks dropped. */
export function lexProse(markdown: string): Blocks {
  return Lexer.lex(fillFigures(markdown)).filter((token) => token.type !== 'space');
}

const BLOCK_TYPES = new Set(['paragraph', 'heading', 'list', 'blockquote', 'code']);

function textOf(token: Token): string {
  if (token.type === 'list')
    return (token as Tokens.List).items.map((item) => plainText(item.tokens)).join(' ');
  if (token.type === 'html') return '';
  if ('tokens' in token && token.tokens) return plainText(token.tokens);
  return 'text' in token ? String(token.text) : '';
}

/** The text a reader sees in these tokens, without Markdown marks (for search and tests). */
export function plainText(tokens: readonly Token[]): string {
  const blocks = tokens.every((token) => BLOCK_TYPES.has(token.type));
  return tokens.map(textOf).join(blocks ? ' ' : '');
}

/** A heading, its `{#anchor}` (kramdown/pandoc style) split off; blocks up to the next heading of its level. */
export interface ProseSection {
  heading: string;
  id: string | undefined;
  blocks: Blocks;
}

/** Splits blocks at headings of `depth`: the blocks before the first one, then each section. */
export function splitAt(blocks: Blocks, depth: number): { before: Blocks; sections: ProseSection[] } {
  const before: Blocks = [];
  const sections: ProseSection[] = [];
  for (const token of blocks) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === depth) {
      const match = /^(.*?)\s*\{#([a-z0-9-]+)\}$/.exec((token as Tokens.Heading).text);
      sections.push({
        heading: match ? match[1] : (token as Tokens.Heading).text,
        id: match?.[2],
        blocks: [],
      });
    } else {
      (sections.at(-1)?.blocks ?? before).push(token);
    }
  }
  return { before, sections };
}
