// Policy and terms texts are shown without ever handing stored text to innerHTML: plain text
// keeps its line breaks, and texts saved as HTML (by earlier editors) are rebuilt as React
// elements from an allow-list of formatting tags. Scripts, styles, event handlers and
// non-web links cannot survive the rebuild.
import { Anchor, Text } from '@mantine/core';
import { createElement, type ReactNode } from 'react';

/** Formatting tags kept as they are; any other element keeps only its text. */
const keptTags = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'span',
  'div',
  'sub',
  'sup',
]);
/** Elements whose content is no text for a reader. */
const droppedTags = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);
const voidTags = new Set(['br', 'hr']);

const looksLikeHtml = (text: string) => /<\/?[a-z][\s\S]*?>/i.test(text);

function safeHref(href: string | null): string | undefined {
  if (href === null) return undefined;
  try {
    const url = new URL(href, 'https://invalid.example/');
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) && url.host !== 'invalid.example'
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

function rebuild(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  if (droppedTags.has(tag)) return null;
  const children = [...node.childNodes].map(rebuild);
  if (tag === 'a') {
    const href = safeHref(node.getAttribute('href'));
    return href === undefined ? (
      <span key={key}>{children}</span>
    ) : (
      <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  if (!keptTags.has(tag)) return <span key={key}>{children}</span>;
  return voidTags.has(tag) ? createElement(tag, { key }) : createElement(tag, { key }, children);
}

/** A stored policy or terms text, shown safely. */
export function RichText({ text }: { text: string }) {
  if (!looksLikeHtml(text)) {
    return (
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} component="div">
        {text}
      </Text>
    );
  }
  // DOMParser builds an inert document: nothing in it runs or loads.
  const body = new DOMParser().parseFromString(text, 'text/html').body;
  return (
    <Text component="div" style={{ overflowWrap: 'anywhere' }}>
      {[...body.childNodes].map(rebuild)}
    </Text>
  );
}
