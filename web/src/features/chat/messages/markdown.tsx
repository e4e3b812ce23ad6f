import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useScrollFocus } from '../../../lib/use-scroll-focus';
import { CodeBlock } from './code-block';
import styles from './markdown.module.css';

/**
 * Model output as markdown, never as HTML. `defaultUrlTransform` keeps exactly the protocols the
 * spec allows (http, https, irc, ircs, mailto, xmpp) and blanks the rest; a blanked link is plain text.
 * Images become links: loading a URL the model wrote would let a crafted reply send data away.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  // A fenced block (inline code stays as it is): highlighted lazily, with a 'Copy code' button.
  pre: ({ node, children }) => {
    const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
    if (!code || code.type !== 'element') return <PlainPre>{children}</PlainPre>;
    const classes = code.properties.className;
    const language =
      (Array.isArray(classes) ? classes : [])
        .map(String)
        .find((name) => name.startsWith('language-'))
        ?.slice('language-'.length) ?? '';
    const text = code.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
    return <CodeBlock code={text.replace(/\n$/, '')} language={language} />;
  },
  table: (props: ComponentProps<'table'>) => <WideTable {...props} />,
};

/** A table wider than the reply scrolls inside its own box, never the page. */
function WideTable(props: ComponentProps<'table'>) {
  const scrollFocus = useScrollFocus<HTMLDivElement>();
  return (
    <div ref={scrollFocus} className={styles.tableScroll}>
      <table {...props} />
    </div>
  );
}

function PlainPre({ children }: { children: ReactNode }) {
  return <pre ref={useScrollFocus<HTMLPreElement>()}>{children}</pre>;
}

const remarkPlugins = [remarkGfm];

export function Markdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={defaultUrlTransform} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
}
