import { Anchor, Code, List, Text } from '@mantine/core';
import type { Token, Tokens } from 'marked';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Blocks } from '../prose';
import classes from './pages.module.css';

/** Only site paths and mail/web addresses become links; anything else stays text. Links
 * inside prose are underlined: colour alone does not tell them from the text around them
 * (WCAG 1.4.1, axe's link-in-text-block), least of all in the dark scheme. */
function InlineLink({ token }: { token: Tokens.Link }) {
  const children = <Inline tokens={token.tokens} />;
  if (token.href.startsWith('/') && !token.href.startsWith('//')) {
    return (
      <Anchor component={Link} to={token.href} inherit underline="always">
        {children}
      </Anchor>
    );
  }
  if (/^(https:|mailto:)/.test(token.href)) {
    return (
      <Anchor href={token.href} inherit underline="always">
        {children}
      </Anchor>
    );
  }
  return children;
}

function inline(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong key={key}>{<Inline tokens={(token as Tokens.Strong).tokens} />}</strong>;
    case 'em':
      return <em key={key}>{<Inline tokens={(token as Tokens.Em).tokens} />}</em>;
    case 'codespan':
      return <Code key={key}>{(token as Tokens.Codespan).text}</Code>;
    case 'link':
      return <InlineLink key={key} token={token as Tokens.Link} />;
    case 'br':
      return <br key={key} />;
    case 'html':
      return null; // The text is ours: raw HTML in it is a mistake, never rendered.
    default:
      if ('tokens' in token && token.tokens) return <Inline key={key} tokens={token.tokens} />;
      return 'text' in token ? String(token.text) : null;
  }
}

/** Inline Markdown (text, emphasis, code, links) as React elements: no HTML string anywhere. */
export function Inline({ tokens }: { tokens: readonly Token[] | undefined }) {
  return <>{(tokens ?? []).map(inline)}</>;
}

function block(token: Token, key: number, size: string | undefined): ReactNode {
  if (token.type === 'list') {
    return (
      <List
        key={key}
        type={(token as Tokens.List).ordered ? 'ordered' : 'unordered'}
        spacing={6}
        className={classes.list}
      >
        {(token as Tokens.List).items.map((item, index) => (
          <List.Item key={index}>
            <Inline tokens={item.tokens} />
          </List.Item>
        ))}
      </List>
    );
  }
  if (token.type === 'html' || token.type === 'space') return null;
  return (
    <Text key={key} component="p" m={0} size={size} className={classes.prose}>
      {'tokens' in token && token.tokens ? <Inline tokens={token.tokens} /> : String(token.raw)}
    </Text>
  );
}

/** Paragraphs and lists of a page's Markdown, in the pages' type (headings are the page's own). */
export function Prose({ blocks, size }: { blocks: Blocks; size?: string }) {
  return <>{blocks.map((token, index) => block(token, index, size))}</>;
}
