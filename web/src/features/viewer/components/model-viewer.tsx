import type { SceneCamera } from '@shared/scene/cameras';
import { formatLength } from '@shared/scene/measure';
import type { Scene } from '@shared/scene/types';
import {
  ArrowDown,
  ArrowUp,
  Footprints,
  Home,
  Layers,
  type LucideIcon,
  Map as MapIcon,
  Move3d,
  RotateCcw,
  RotateCw,
  Ruler,
  Tags,
} from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ModelViewerEngine, type ViewMode, webglDefined } from '../lib/engine';
import { RoomPicker } from './room-picker';

export const NO_WEBGL_MESSAGE =
  'The 3D view needs WebGL, which this browser has turned off or does not support. Turn on hardware acceleration in the browser settings, or export the model (.glb) and open it in another 3D viewer.';

/** Metres a scale bar stands for: a round length about a fifth of the view wide. */
function scaleBarMetres(pixelsPerMetre: number, width: number): number {
  const want = width / 5 / pixelsPerMetre;
  const steps = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
  return steps.reduce((best, s) => (Math.abs(s - want) < Math.abs(best - want) ? s : best), steps[0]!);
}

/** The 3D view's box: its width the column's, its height following the window's. */
const VIEW_BOX_CLASS =
  'relative h-[min(28rem,70vh)] overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:h-[min(34rem,75vh)]';

/**
 * The size (CSS pixels) a viewer's canvas gets in `column` (an element as wide as the viewer will be): a hidden box
 * like the viewer's is laid out there, measured as the engine measures its mount, and taken away. Null when it has
 * no size (the column is hidden).
 */
export function viewerCanvasSize(column: HTMLElement): { width: number; height: number } | null {
  const box = document.createElement('div');
  box.className = VIEW_BOX_CLASS;
  box.style.visibility = 'hidden';
  const mount = document.createElement('div');
  mount.className = 'absolute inset-0';
  box.appendChild(mount);
  column.appendChild(box);
  const rect = mount.getBoundingClientRect();
  box.remove();
  const width = Math.round(rect.width);
  const height = Math.round(rect.height);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The 3D model of one drawing: orbit, top view, walk at eye height, a horizontal cut, roof and room labels, and
 * measuring in metres. `actions` sits in the toolbar (an export button, for example).
 */
export function ModelViewer({
  scene,
  title,
  actions,
  initialCamera,
  footer,
  className,
}: {
  scene: Scene;
  title: string;
  actions?: ReactNode;
  /** Where the view starts (a render's camera, for "Open in 3D"); the model's main view otherwise. */
  initialCamera?: SceneCamera;
  /** Below the view, given the camera as it is when asked (a "Render this view" form, for example). */
  footer?: (view: { camera: () => SceneCamera | null; mode: ViewMode }) => ReactNode;
  className?: string;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const engine = useRef<ModelViewerEngine | null>(null);
  const [supported] = useState(webglDefined);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<ViewMode>('orbit');
  const [roof, setRoof] = useState(true);
  const [labels, setLabels] = useState(true);
  const top = Math.ceil((scene.storeyHeight + 0.5) * 20) / 20;
  const [section, setSection] = useState(top);
  const [measuring, setMeasuring] = useState(false);
  const [measure, setMeasure] = useState<{ points: number; distance: number | null }>({
    points: 0,
    distance: null,
  });
  const [scale, setScale] = useState<number | null>(null);
  const [room, setRoom] = useState('');
  const helpId = useId();
  const sectionId = useId();

  // A layout effect: the engine measures its container and draws its first frame before the browser paints, one
  // paint sooner than an effect would.
  useLayoutEffect(() => {
    const el = mount.current;
    if (!el || !supported) return;
    let created: ModelViewerEngine;
    try {
      created = new ModelViewerEngine(el, scene, {
        onFirstFrame: () => setReady(true),
        onMeasure: setMeasure,
        onScale: setScale,
      });
    } catch {
      setFailed(true);
      return;
    }
    engine.current = created;
    if (initialCamera) created.setView(initialCamera);
    return () => {
      created.dispose();
      engine.current = null;
      setReady(false);
    };
  }, [scene, supported, initialCamera]);

  if (!supported || failed) {
    return (
      <div className={cn('flex flex-col gap-3', className)}>
        <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
          {NO_WEBGL_MESSAGE}
        </p>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    );
  }

  function changeMode(next: ViewMode) {
    setMode(next);
    // The top view shows the plan: the roof comes off (and can be put back).
    if (next === 'top' && roof) toggleRoof(false);
    engine.current?.setMode(next);
  }
  function toggleRoof(on: boolean) {
    setRoof(on);
    engine.current?.setRoofVisible(on);
  }
  function toggleLabels(on: boolean) {
    setLabels(on);
    engine.current?.setLabelsVisible(on);
  }
  function toggleMeasuring(on: boolean) {
    setMeasuring(on);
    engine.current?.setMeasuring(on);
  }
  function changeSection(value: number) {
    setSection(value);
    engine.current?.setSection(value >= top ? null : value);
  }
  function chooseRoom(value: string) {
    setRoom(value);
    if (value === '') return;
    engine.current?.viewFromRoom(Number(value));
    setMode('walk');
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' && measuring) {
      engine.current?.measureAtCentre();
      event.preventDefault();
      return;
    }
    if (engine.current?.handleKey(event.key)) event.preventDefault();
  }

  // Read only in top view: a width read while rendering forces a layout of the whole page (with every room label).
  const barMetres = scale ? scaleBarMetres(scale, mount.current?.clientWidth ?? 800) : null;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div role="toolbar" aria-label="3D view" className="flex flex-wrap items-center gap-2">
        <ToggleButton icon={Move3d} pressed={mode === 'orbit'} onClick={() => changeMode('orbit')}>
          Orbit
        </ToggleButton>
        <ToggleButton icon={MapIcon} pressed={mode === 'top'} onClick={() => changeMode('top')}>
          Top view
        </ToggleButton>
        <ToggleButton icon={Footprints} pressed={mode === 'walk'} onClick={() => changeMode('walk')}>
          Walk
        </ToggleButton>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            engine.current?.resetView();
            setMode('orbit');
          }}
        >
          <Home aria-hidden="true" />
          Reset view
        </Button>
        <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-200" />
        <ToggleButton icon={Ruler} pressed={measuring} onClick={() => toggleMeasuring(!measuring)}>
          Measure
        </ToggleButton>
        <ToggleButton icon={Layers} pressed={roof} onClick={() => toggleRoof(!roof)}>
          Roof
        </ToggleButton>
        <ToggleButton icon={Tags} pressed={labels} onClick={() => toggleLabels(!labels)}>
          Room labels
        </ToggleButton>
        {actions ? <div className="ml-auto flex gap-2">{actions}</div> : null}
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <label htmlFor={sectionId} className="font-medium">
            Section height
          </label>
          <input
            id={sectionId}
            type="range"
            min={0.3}
            max={top}
            step={0.05}
            value={section}
            onChange={(e) => changeSection(Number(e.target.value))}
            aria-valuetext={section >= top ? 'No cut' : `Cut at ${section.toFixed(2)} m`}
            className="w-40 accent-indigo-600"
          />
          <span className="w-24 tabular-nums">{section >= top ? 'No cut' : `${section.toFixed(2)} m`}</span>
        </div>
        {scene.rooms.length ? <RoomPicker rooms={scene.rooms} value={room} onChoose={chooseRoom} /> : null}
      </div>

      <div className={VIEW_BOX_CLASS}>
        <div
          ref={mount}
          role="application"
          aria-label={`3D model of ${title}`}
          aria-describedby={helpId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the 3D view is operated with the keyboard once focused
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="model-canvas"
          data-state={ready ? 'ready' : 'loading'}
          data-mode={mode}
          className="absolute inset-0 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
        />
        {measuring ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-red-600"
          />
        ) : null}
        {mode === 'top' && scale && barMetres ? (
          <div
            data-testid="scale-bar"
            data-pixels-per-metre={scale.toFixed(4)}
            className="pointer-events-none absolute bottom-3 left-3 rounded bg-white/90 px-2 py-1 text-xs text-slate-900 shadow-sm"
          >
            <div
              className="h-1.5 border-x-2 border-b-2 border-slate-900"
              style={{ width: barMetres * scale }}
            />
            <span>{formatLength(barMetres)}</span>
          </div>
        ) : null}
        {mode === 'walk' ? <WalkPad engine={engine} /> : null}
        {!ready ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">
            Building the 3D model…
          </p>
        ) : null}
      </div>

      <p id={helpId} className="text-xs text-slate-600">
        {mode === 'walk'
          ? 'Walk: arrow keys or W A S D move and turn, drag to look around.'
          : mode === 'top'
            ? 'Top view: drag to pan, scroll or + and − to zoom, arrow keys pan.'
            : 'Orbit: drag to turn, right-drag to pan, scroll to zoom; arrow keys turn, + and − zoom.'}{' '}
        {measuring
          ? 'Measure: click two points (they snap to wall ends and corners), or press Enter to place a point at the crosshair.'
          : ''}
      </p>
      <p
        role="status"
        aria-live="polite"
        data-testid="measure-result"
        className="text-sm font-medium text-slate-900"
      >
        {measuring
          ? measure.distance !== null
            ? `Distance: ${formatLength(measure.distance)}`
            : measure.points === 1
              ? 'Measure: click the second point.'
              : 'Measure: click the first point.'
          : ''}
      </p>
      {footer ? footer({ camera: () => engine.current?.currentCamera() ?? null, mode }) : null}
    </div>
  );
}

function ToggleButton({
  icon: Icon,
  pressed,
  onClick,
  children,
}: {
  icon: LucideIcon;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant={pressed ? 'primary' : 'outline'} size="sm" aria-pressed={pressed} onClick={onClick}>
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}

/** On-screen walking for touch screens (and mice): a step forward or back, a turn left or right. */
function WalkPad({ engine }: { engine: { current: ModelViewerEngine | null } }) {
  const buttons: [string, LucideIcon, () => void][] = [
    ['Turn left', RotateCcw, () => engine.current?.turn(Math.PI / 12)],
    ['Step forward', ArrowUp, () => engine.current?.walk(0.6)],
    ['Step back', ArrowDown, () => engine.current?.walk(-0.6)],
    ['Turn right', RotateCw, () => engine.current?.turn(-Math.PI / 12)],
  ];
  return (
    <div className="absolute right-3 bottom-3 flex gap-1 rounded-lg bg-white/90 p-1 shadow">
      {buttons.map(([label, Icon, act]) => (
        <Button key={label} variant="ghost" size="sm" aria-label={label} title={label} onClick={act}>
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
