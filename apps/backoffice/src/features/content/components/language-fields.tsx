import { Input } from '@portal/ui/input';
import { type ReactNode, useId } from 'react';

type TextField = { label: string; value: string; onChange: (value: string) => void };

export type LanguageFieldsProps = {
  /** The language the texts are written in (set on the block, so spelling and fonts follow it). */
  lang: string;
  title: TextField & { required?: boolean; hint?: string; error?: string | null; maxLength?: number };
  /** A plain-text line between title and body (articles' summary). */
  summary?: TextField & { maxLength?: number };
  /** The HTML body; the server cleans it when it is saved. */
  body: TextField;
};

/**
 * One language's texts in a content editor: a title, an optional summary and the HTML body. Announcements, articles
 * and help-centre articles all write their texts per language with this block.
 */
export function LanguageFields({ lang, title, summary, body }: LanguageFieldsProps) {
  const bodyId = useId();
  return (
    <div className="bo-content-editor__language" lang={lang}>
      <Input
        label={title.label}
        required={title.required}
        hint={title.hint}
        maxLength={title.maxLength ?? 200}
        value={title.value}
        onChange={(event) => title.onChange(event.target.value)}
        error={title.error ?? null}
      />
      {summary && (
        <Input
          label={summary.label}
          maxLength={summary.maxLength ?? 500}
          value={summary.value}
          onChange={(event) => summary.onChange(event.target.value)}
        />
      )}
      <label className="bo-content-editor__area" htmlFor={bodyId}>
        <span>{body.label}</span>
      </label>
      <textarea
        id={bodyId}
        className="bo-content-editor__textarea"
        value={body.value}
        onChange={(event) => body.onChange(event.target.value)}
        spellCheck={false}
      />
    </div>
  );
}

/** The languages' blocks side by side (stacked on narrow screens). */
export function LanguageColumns({ children }: { children: ReactNode }) {
  return <div className="bo-content-editor__languages">{children}</div>;
}
