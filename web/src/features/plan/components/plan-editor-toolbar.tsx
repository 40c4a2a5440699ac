import { Redo2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type EditorTool = 'select' | 'wall' | 'door' | 'window';

export const TOOLS: { tool: EditorTool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select', key: 'v' },
  { tool: 'wall', label: 'Draw wall', key: 'w' },
  { tool: 'door', label: 'Add door', key: 'd' },
  { tool: 'window', label: 'Add window', key: 'n' },
];

export interface ToolbarActions {
  onDelete?: () => void;
  onSplit?: () => void;
  onJoin?: () => void;
  onUndo?: () => void;
  onRedo?: () => void;
  onReset?: () => void;
}

const Separator = () => <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />;

/** The editor's tools and actions; an action without a handler is disabled. */
export function EditorToolbar({
  tool,
  onTool,
  actions,
  onDone,
}: {
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  actions: ToolbarActions;
  onDone: () => void;
}) {
  const action = (label: string, run: (() => void) | undefined, shortcut?: string) => (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={!run}
      onClick={run}
      aria-keyshortcuts={shortcut}
    >
      {label}
    </Button>
  );
  return (
    <div role="toolbar" aria-label="Plan editor" className="flex flex-wrap items-center gap-1">
      {TOOLS.map((t) => (
        <Button
          key={t.tool}
          type="button"
          size="sm"
          variant={tool === t.tool ? 'primary' : 'outline'}
          aria-pressed={tool === t.tool}
          aria-keyshortcuts={t.key.toUpperCase()}
          onClick={() => onTool(t.tool)}
        >
          {t.label}
        </Button>
      ))}
      <Separator />
      {action('Delete', actions.onDelete, 'Delete')}
      {action('Split', actions.onSplit)}
      {action('Join', actions.onJoin)}
      <Button
        type="button"
        size="icon"
        variant="outline"
        aria-label="Undo"
        aria-keyshortcuts="Control+Z"
        disabled={!actions.onUndo}
        onClick={actions.onUndo}
      >
        <Undo2 aria-hidden="true" />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="outline"
        aria-label="Redo"
        aria-keyshortcuts="Control+Shift+Z"
        disabled={!actions.onRedo}
        onClick={actions.onRedo}
      >
        <Redo2 aria-hidden="true" />
      </Button>
      <Separator />
      {action('Reset to what was read', actions.onReset)}
      <Button type="button" size="sm" onClick={onDone}>
        Done editing
      </Button>
    </div>
  );
}
