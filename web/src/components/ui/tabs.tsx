import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import { cn } from '@/lib/utils';

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(component: string): TabsContextValue {
  const value = useContext(TabsContext);
  if (!value) throw new Error(`<${component}> must be used inside <Tabs>`);
  return value;
}

const safe = (value: string) => value.replace(/[^\w-]/g, '_');

/** Accessible tabs (WAI-ARIA tabs pattern with automatic activation): arrow keys, Home and End move between tabs. */
export function Tabs({
  value,
  onValueChange,
  className,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div className={cn('flex flex-col gap-4', className)}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { onValueChange } = useTabs('TabList');
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')).filter(
      (tab) => !tab.disabled,
    );
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    tab.focus();
    const value = tab.dataset.value;
    if (value !== undefined) onValueChange(value);
  }
  return (
    <div
      role="tablist"
      className={cn(
        'inline-flex w-full flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1 sm:w-auto',
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

export function Tab({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const { value: current, onValueChange, baseId } = useTabs('Tab');
  const selected = current === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${baseId}-tab-${safe(value)}`}
      aria-controls={`${baseId}-panel-${safe(value)}`}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      data-state={selected ? 'active' : 'inactive'}
      onClick={(event) => {
        onClick?.(event);
        onValueChange(value);
      }}
      className={cn(
        'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors sm:flex-none',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

export function TabPanel({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const { value: current, baseId } = useTabs('TabPanel');
  const selected = current === value;
  return (
    <div
      role="tabpanel"
      id={`${baseId}-panel-${safe(value)}`}
      aria-labelledby={`${baseId}-tab-${safe(value)}`}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable
      tabIndex={0}
      className={cn(
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        className,
      )}
      {...props}
    />
  );
}
