import type { ElementContent, Root } from 'hast';
import { useEffect, useState, type ReactNode } from 'react';
import { useScrollFocus } from '../../../lib/use-scroll-focus';
import { CopyButton } from './copy-button';
import type * as HighlighterModule from './highlighter';
import styles from './code-block.module.css';

const texts = {
  copy: 'Copy code',
  copied: { title: 'Content Copied', description: 'Code copied to clipboard.' },
} as const;

type Highlighter = typeof HighlighterModule;

let highlighter: Promise<Highlighter> | undefined;
/** The highlighting code, fetched the first time a code block is shown and then shared. */
const loadHighlighter = () => (highlighter ??= import('./highlighter'));

/** highlight.js's tree as React elements: spans with their classes and text, never HTML. */
function render(nodes: ElementContent[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = node.properties.className;
    return (
      <span key={index} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {render(node.children)}
      </span>
    );
  });
}

/** A fenced code block: highlighted once the highlighter has loaded (plain until then), with its own copy button. */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const [highlighted, setHighlighted] = useState<{ code: string; language: string; tree: Root | null } | null>(null);
  useEffect(() => {
    let current = true;
    loadHighlighter()
      .then(({ highlight }) => {
        if (current) setHighlighted({ code, language, tree: highlight(code, language) });
      })
      .catch(() => {
        // Without highlighting the code still reads as plain text.
      });
    return () => {
      current = false;
    };
  }, [code, language]);

  const scrollFocus = useScrollFocus<HTMLPreElement>();
  const tree = highlighted?.code === code && highlighted.language === language ? highlighted.tree : null;
  return (
    <div className={styles.block}>
      <div className={styles.header}>
        <span className={styles.language}>{language}</span>
        <CopyButton text={code} label={texts.copy} copiedToast={texts.copied} />
      </div>
      <pre ref={scrollFocus} className={styles.code}>
        <code className={language ? `language-${language}` : undefined}>
          {tree ? render(tree.children as ElementContent[]) : code}
        </code>
      </pre>
    </div>
  );
}
