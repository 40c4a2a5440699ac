import { useCallback, useRef, useState } from 'react';

/**
 * The generation prompt, shared by the prompt field and the side cards (an example style fills it). `choose` sets
 * the prompt and puts the cursor in the field when it is on screen.
 */
export function usePromptState(initial = '') {
  const [prompt, setPrompt] = useState(initial);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const choose = useCallback((text: string) => {
    setPrompt(text);
    const field = fieldRef.current;
    if (field) {
      field.focus();
      if (typeof field.scrollIntoView === 'function')
        field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, []);
  return { prompt, setPrompt, choose, fieldRef };
}

export type PromptState = ReturnType<typeof usePromptState>;
