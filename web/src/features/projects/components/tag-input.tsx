import { TAG_SUGGESTIONS } from '@shared/constants';
import { TAG_MAX, TAGS_MAX } from '@shared/schemas/project-rules';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const hasTag = (tags: readonly string[], tag: string) =>
  tags.some((t) => t.toLowerCase() === tag.toLowerCase());

/** Adds `raw` to `tags` when it is non-empty after trimming and not there yet (case-insensitive). */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim().slice(0, TAG_MAX);
  if (!tag || hasTag(tags, tag) || tags.length >= TAGS_MAX) return [...tags];
  return [...tags, tag];
}

export interface TagInputProps {
  /** The id of the text field, for the caller's <Label htmlFor>. */
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  suggestions?: readonly string[];
}

/** Tags: typed (Add or Enter) or picked from the suggestions; each added once; removable. */
export function TagInput({ id, tags, onChange, disabled, suggestions = TAG_SUGGESTIONS }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const full = tags.length >= TAGS_MAX;
  // A picked suggestion turns disabled and a removed tag's button goes away: the text field gets the focus (after the
  // render, when it is enabled again) instead of the page.
  const refocus = useRef(false);
  const keepFocus = () => {
    refocus.current = true;
  };
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    field.current?.focus();
  });

  function add(raw: string) {
    const next = addTag(tags, raw);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(draft);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        <Input
          ref={field}
          id={id}
          value={draft}
          maxLength={TAG_MAX}
          placeholder="Add a tag"
          disabled={disabled || full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={() => add(draft)} disabled={disabled || full || !draft.trim()}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul aria-label="Selected tags" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="accent" className="py-1 pr-1">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={disabled}
                  onClick={() => {
                    onChange(tags.filter((t) => t !== tag));
                    keepFocus();
                  }}
                  className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {suggestions.length > 0 ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Suggested tags</legend>
          <span aria-hidden="true" className="text-xs text-slate-600">
            Suggestions:
          </span>
          {suggestions.map((tag) => (
            <Button
              key={tag}
              variant="outline"
              size="sm"
              className="h-7 rounded-full px-3 text-xs"
              disabled={disabled || full || hasTag(tags, tag)}
              onClick={() => {
                add(tag);
                keepFocus();
              }}
            >
              {tag}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
