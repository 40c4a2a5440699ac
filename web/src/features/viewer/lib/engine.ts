/**
 * The 3D viewer's engine: the shared scene (one builder for renders, viewer and exports) drawn with three.js, with
 * orbit / top / walk cameras, a horizontal cut, roof and room labels, and measuring with snapping. Imperative and
 * framework-free; the React component drives it. Renders on demand (only after something changed).
 */
import {
  EYE_HEIGHT,
  roomCamera,
  type SceneCamera,
  sceneCentre,
  sceneRadius,
  variationCamera,
} from '@shared/scene/cameras';
import { distanceBetween, snapPoint, snapTargets } from '@shared/scene/measure';
import { MATERIALS, type MaterialName, sceneLayers } from '@shared/scene/nodes';
import type { Scene, Vec3 } from '@shared/scene/types';
import {
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  HemisphereLight,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  OrthographicCamera,
  PerspectiveCamera,
  Plane,
  PlaneGeometry,
  Raycaster,
  SphereGeometry,
  Scene as ThreeScene,
  Uint32BufferAttribute,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DObject, CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';

export type ViewMode = 'orbit' | 'top' | 'walk';

export interface ViewerEvents {
  /** The first frame is on screen. */
  onFirstFrame?: () => void;
  /** Measuring: the points placed so far (0–2) and the distance once there are two. */
  onMeasure?: (state: { points: number; distance: number | null }) => void;
  /** In top view: how many CSS pixels one metre takes (for a scale bar); null in the other views. */
  onScale?: (pixelsPerMetre: number | null) => void;
}

const BACKGROUND = 0xe8eef3;
const GROUND = 0xd5dbd0;
const WALK_STEP = 0.4;
const TURN_STEP = Math.PI / 24;
const ORBIT_STEP = Math.PI / 36;

/**
 * Whether this browser knows WebGL at all. Cheap: no context is created (that costs hundreds of milliseconds on
 * a software renderer); a browser that knows WebGL but cannot create a context makes the engine's constructor
 * throw, which the viewer reports the same way.
 */
export const webglDefined = () =>
  typeof window !== 'undefined' && typeof window.WebGLRenderingContext !== 'undefined';

let sharedRenderer: WebGLRenderer | null = null;

/**
 * One WebGL renderer for the page's lifetime, reused by every viewer: a WebGL context costs from tens of
 * milliseconds (a GPU) to half a second (a software renderer) to create, and browsers cap how many a page may hold,
 * so switching drawings must not create one each time.
 */
function acquireRenderer(): WebGLRenderer {
  if (!sharedRenderer) {
    sharedRenderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: false });
    sharedRenderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    // Asking the driver for every shader's compile log stalls each compile (≈ 190 ms a viewer on a software GL);
    // the shaders are three.js's own, so only development builds check them.
    sharedRenderer.debug.checkShaderErrors = import.meta.env.DEV;
  }
  return sharedRenderer;
}

/**
 * Sizes the renderer's canvas (CSS pixels), unless it has that size: sizing it, even to the size it has, makes the GL
 * allocate its drawing buffers again (hundreds of milliseconds on a software GL).
 */
function sizeRenderer(renderer: WebGLRenderer, width: number, height: number) {
  const current = renderer.getSize(new Vector2());
  if (current.x !== width || current.y !== height) renderer.setSize(width, height, false);
}

/** A model layer's material: opaque, or see-through from both sides (glass) when its opacity is below 1. */
function layerMaterial(color: Color, opacity: number): MeshLambertMaterial {
  const transparent = opacity < 1;
  return new MeshLambertMaterial({
    color,
    transparent,
    opacity,
    side: transparent ? DoubleSide : undefined,
    depthWrite: !transparent,
  });
}

/** Each scene's mesh data, made once while the scene is kept (see warmModel). */
const sceneMeshes = new WeakMap<Scene, ReturnType<typeof sceneLayers>>();

function layersOf(scene: Scene): ReturnType<typeof sceneLayers> {
  let layers = sceneMeshes.get(scene);
  if (!layers) {
    layers = sceneLayers(scene);
    sceneMeshes.set(scene, layers);
  }
  return layers;
}

/**
 * Makes a scene's mesh data ahead of its viewer (the project page calls it when idle): the viewer then starts from
 * it, and the code that makes it is compiled by the time another scene's is made (an edited plan's).
 */
export function warmModel(scene: Scene): void {
  layersOf(scene);
}

/** The horizontal cut's clipping plane, at first above everything. */
const uncut = () => new Plane(new Vector3(0, -1, 0), Number.POSITIVE_INFINITY);

/** The scene the shaders were compiled for (once), kept so that its programs stay cached (see warmRenderer). */
let warmScene: ThreeScene | null = null;

/**
 * Creates the shared renderer ahead of time and compiles the shaders a model is drawn with (the project page calls
 * it when idle): compiling and linking them is most of a first frame on a software GL. A tiny scene lit and clipped
 * as a viewer's is drawn once, so the programs three.js caches are the ones the viewer will ask for. Failures wait
 * for the viewer.
 */
export function warmRenderer(canvasSize?: { width: number; height: number } | null): void {
  if (!webglDefined()) return;
  try {
    const renderer = acquireRenderer();
    // Sizing the canvas allocates the GL's drawing buffers (hundreds of milliseconds on a software GL): done now at
    // the size the viewer will measure, its first frame needs none.
    if (canvasSize) sizeRenderer(renderer, canvasSize.width, canvasSize.height);
    if (warmScene) return;
    const warm = new ThreeScene();
    warm.background = new Color(BACKGROUND);
    warm.add(new HemisphereLight(), new DirectionalLight());
    for (const opacity of [1, 0.5])
      warm.add(new Mesh(new PlaneGeometry(1, 1), layerMaterial(new Color(), opacity)));
    const camera = new PerspectiveCamera(45, 1, 0.05, 10);
    camera.position.set(0, 0, 2);
    renderer.clippingPlanes = [uncut()];
    renderer.render(warm, camera);
    renderer.clippingPlanes = [];
    // Kept: three.js deletes a program once no material uses it any more.
    warmScene = warm;
  } catch {
    // No WebGL context here: the viewer says so when it opens.
  }
}

/**
 * More room labels than this cover each other and the model (a floor of offices, a grid of cells), and laying out
 * each costs the page: the largest rooms keep theirs.
 */
const MAX_ROOM_LABELS = 120;

/** The rooms labelled: those of the highest storey shown (the others lie under its floor), the largest first. */
function labelledRooms(scene: Scene) {
  const top = Math.max(0, ...scene.rooms.map((r) => r.elevation ?? 0));
  const rooms = scene.rooms.filter((r) => (r.elevation ?? 0) === top);
  if (rooms.length <= MAX_ROOM_LABELS) return rooms;
  return [...rooms].sort((p, q) => q.areaM2 - p.areaM2).slice(0, MAX_ROOM_LABELS);
}

export class ModelViewerEngine {
  readonly canvas: HTMLCanvasElement;
  private readonly renderer: WebGLRenderer;
  private readonly labels: CSS2DRenderer;
  private readonly three = new ThreeScene();
  private readonly perspective = new PerspectiveCamera(45, 1, 0.05, 5000);
  private readonly top = new OrthographicCamera(-1, 1, 1, -1, 0.05, 5000);
  private readonly orbit: OrbitControls;
  private readonly topControls: OrbitControls;
  private readonly building = new Group();
  private readonly roomLabels = new Group();
  private readonly measureGroup = new Group();
  private readonly layerMeshes = new Map<MaterialName, Mesh>();
  private readonly targets: Float64Array;
  private readonly cut = uncut();
  private readonly raycaster = new Raycaster();
  private readonly radius: number;
  private mode: ViewMode = 'orbit';
  private measuring = false;
  private measurePoints: Vec3[] = [];
  private width = 1;
  private height = 1;
  private needsRender = true;
  private firstFrame = false;
  private frame = 0;
  private walkYaw = 0;
  private walkPitch = 0;
  private pointerDown: { x: number; y: number; yaw: number; pitch: number } | null = null;
  private disposed = false;
  private readonly resizeObserver: ResizeObserver;

  constructor(
    private readonly container: HTMLElement,
    private readonly scene: Scene,
    private readonly events: ViewerEvents = {},
  ) {
    this.radius = sceneRadius(scene);
    this.renderer = acquireRenderer();
    this.renderer.localClippingEnabled = false;
    this.renderer.clippingPlanes = [this.cut];
    this.canvas = this.renderer.domElement;
    this.canvas.style.display = 'block';
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    this.canvas.style.touchAction = 'none';
    container.appendChild(this.canvas);

    this.labels = new CSS2DRenderer();
    Object.assign(this.labels.domElement.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
    container.appendChild(this.labels.domElement);

    this.three.background = new Color(BACKGROUND);
    const started = performance.now();
    this.buildModel();
    performance.measure('planform:model-geometry', { start: started });
    this.three.add(this.building, this.roomLabels, this.measureGroup);
    this.targets = snapTargets(scene);

    const near = Math.max(0.02, this.radius / 2000);
    this.perspective.near = near;
    this.perspective.far = this.radius * 40 + 100;
    this.top.near = near;
    this.top.far = this.radius * 40 + 100;

    this.orbit = new OrbitControls(this.perspective, this.canvas);
    this.orbit.enableDamping = false;
    this.orbit.maxPolarAngle = Math.PI * 0.495;
    this.orbit.minDistance = near * 10;
    this.orbit.maxDistance = this.radius * 20;
    this.orbit.addEventListener('change', () => this.requestRender());

    // Top view: north up the screen, pan and zoom only.
    this.top.up.set(0, 0, -1);
    this.topControls = new OrbitControls(this.top, this.canvas);
    this.topControls.enableRotate = false;
    this.topControls.screenSpacePanning = true;
    this.topControls.addEventListener('change', () => {
      this.reportScale();
      this.requestRender();
    });
    this.topControls.enabled = false;

    this.canvas.addEventListener('pointerdown', this.onPointerDown);
    this.canvas.addEventListener('pointermove', this.onPointerMove);
    this.canvas.addEventListener('pointerup', this.onPointerUp);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
    this.setView(variationCamera(scene, 1));
    const drawing = performance.now();
    this.draw();
    performance.measure('planform:model-first-draw', { start: drawing });
    this.loop();
  }

  private buildModel() {
    const layers = layersOf(this.scene);
    for (const spec of MATERIALS) {
      const data = layers[spec.name];
      if (!data.indices.length) continue;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(data.positions, 3));
      geometry.setAttribute('normal', new Float32BufferAttribute(data.normals, 3));
      geometry.setIndex(new Uint32BufferAttribute(data.indices, 1));
      geometry.computeBoundingSphere();
      const [r, g, b, a] = spec.baseColorFactor;
      const mesh = new Mesh(geometry, layerMaterial(new Color().setRGB(r, g, b), a));
      mesh.name = spec.name;
      this.layerMeshes.set(spec.name, mesh);
      this.building.add(mesh);
    }
    const { min, max } = this.scene.bounds;
    const size = Math.max(max[0] - min[0], max[2] - min[2]) * 4 + 20;
    const ground = new Mesh(new PlaneGeometry(size, size), new MeshLambertMaterial({ color: GROUND }));
    ground.rotation.x = -Math.PI / 2;
    const c = sceneCentre(this.scene);
    ground.position.set(c[0], min[1] - 0.01, c[2]);
    ground.name = 'Ground';
    this.three.add(ground);

    this.three.add(new HemisphereLight(0xf4f7ff, 0x8a8470, 1.6));
    const sun = new DirectionalLight(0xfff4e0, 2.2);
    sun.position.set(c[0] - this.radius, c[1] + this.radius * 1.6, c[2] + this.radius * 0.8);
    sun.target.position.set(c[0], 0, c[2]);
    this.three.add(sun, sun.target);

    for (const room of labelledRooms(this.scene)) {
      const at = room.outline.reduce((s, [x, z]) => [s[0] + x, s[1] + z], [0, 0]);
      const div = document.createElement('div');
      div.className =
        'rounded bg-white/90 px-1.5 py-0.5 text-xs font-medium text-slate-900 shadow-sm ring-1 ring-slate-300';
      div.textContent = `${room.name} · ${room.areaM2.toFixed(1)} m²`;
      const label = new CSS2DObject(div);
      label.position.set(
        at[0] / room.outline.length,
        (room.elevation ?? 0) + 0.15,
        at[1] / room.outline.length,
      );
      this.roomLabels.add(label);
    }
  }

  /** Puts the perspective camera at a stored camera (a variation's, a room's) and switches to orbiting. */
  setView(camera: SceneCamera) {
    this.setMode('orbit');
    this.perspective.fov = camera.fovDeg;
    this.perspective.position.set(...camera.position);
    this.orbit.target.set(...camera.target);
    this.perspective.updateProjectionMatrix();
    this.orbit.update();
    this.requestRender();
  }

  /** The perspective camera as it is now: what a generation would render from. */
  currentCamera(): SceneCamera {
    const p = this.perspective.position;
    const t = this.mode === 'walk' ? this.walkTarget() : this.orbit.target;
    return { position: [p.x, p.y, p.z], target: [t.x, t.y, t.z], fovDeg: this.perspective.fov };
  }

  resetView() {
    this.setView(variationCamera(this.scene, 1));
  }

  viewFromRoom(index: number) {
    const room = this.scene.rooms[index];
    if (!room) return;
    const cam = roomCamera(room);
    this.setMode('walk');
    this.perspective.fov = cam.fovDeg;
    this.perspective.updateProjectionMatrix();
    this.perspective.position.set(...cam.position);
    this.walkYaw = Math.atan2(-(cam.target[0] - cam.position[0]), -(cam.target[2] - cam.position[2]));
    this.walkPitch = 0;
    this.applyWalk();
  }

  setMode(mode: ViewMode) {
    if (mode === this.mode && mode !== 'walk') return;
    const wasWalk = this.mode === 'walk';
    this.mode = mode;
    this.orbit.enabled = mode === 'orbit';
    this.topControls.enabled = mode === 'top';
    if (mode === 'top') this.frameTop();
    if (mode === 'walk' && !wasWalk) this.enterWalk();
    if (mode === 'orbit' && wasWalk) {
      // Back to orbiting around what the walker was looking at.
      this.orbit.target.copy(this.walkTarget());
      this.orbit.update();
    }
    this.reportScale();
    this.requestRender();
  }

  /** Cuts everything above `height` metres away; null (or above the roof) removes the cut. */
  setSection(height: number | null) {
    this.cut.constant = height ?? Number.POSITIVE_INFINITY;
    this.requestRender();
  }

  setRoofVisible(visible: boolean) {
    const roof = this.layerMeshes.get('Roof');
    if (roof) roof.visible = visible;
    this.requestRender();
  }

  setLabelsVisible(visible: boolean) {
    this.roomLabels.visible = visible;
    for (const label of this.roomLabels.children) label.visible = visible;
    this.requestRender();
  }

  setMeasuring(on: boolean) {
    this.measuring = on;
    this.clearMeasure();
  }

  clearMeasure() {
    this.measurePoints = [];
    this.measureGroup.clear();
    this.events.onMeasure?.({ points: 0, distance: null });
    this.requestRender();
  }

  /** Keyboard measuring: a point where the centre of the view (the crosshair) meets the model. */
  measureAtCentre(): boolean {
    return this.measureAt(new Vector2(0, 0));
  }

  /** Keyboard: arrows turn (orbit), pan (top) or walk; + and − zoom. Returns whether the key was used. */
  handleKey(key: string): boolean {
    if (this.mode === 'walk') {
      if (key === 'ArrowUp' || key === 'w' || key === 'W') this.walk(WALK_STEP);
      else if (key === 'ArrowDown' || key === 's' || key === 'S') this.walk(-WALK_STEP);
      else if (key === 'ArrowLeft' || key === 'a' || key === 'A') this.turn(TURN_STEP);
      else if (key === 'ArrowRight' || key === 'd' || key === 'D') this.turn(-TURN_STEP);
      else return false;
      return true;
    }
    const controls = this.mode === 'top' ? this.topControls : this.orbit;
    if (key === '+' || key === '=') this.zoom(1 / 1.2);
    else if (key === '-' || key === '_') this.zoom(1.2);
    else if (this.mode === 'top' && key.startsWith('Arrow')) {
      const step = (this.top.right - this.top.left) / this.top.zoom / 12;
      const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
      const dz = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
      this.top.position.x += dx;
      this.top.position.z += dz;
      controls.target.x += dx;
      controls.target.z += dz;
      controls.update();
    } else if (key.startsWith('Arrow')) {
      const offset = this.perspective.position.clone().sub(this.orbit.target);
      const yaw = key === 'ArrowLeft' ? -ORBIT_STEP : key === 'ArrowRight' ? ORBIT_STEP : 0;
      offset.applyAxisAngle(new Vector3(0, 1, 0), yaw);
      if (key === 'ArrowUp' || key === 'ArrowDown') {
        const horizontal = Math.hypot(offset.x, offset.z);
        const elevation = Math.atan2(offset.y, horizontal) + (key === 'ArrowUp' ? ORBIT_STEP : -ORBIT_STEP);
        const clamped = Math.min(Math.PI * 0.49, Math.max(0.02, elevation));
        const length = offset.length();
        const scale = (Math.cos(clamped) * length) / (horizontal || 1);
        offset.set(offset.x * scale, Math.sin(clamped) * length, offset.z * scale);
      }
      this.perspective.position.copy(this.orbit.target).add(offset);
      this.orbit.update();
    } else return false;
    this.requestRender();
    return true;
  }

  /** On-screen walking buttons (touch): a step forward or back, a turn left or right. */
  walk(distance: number) {
    const dir = new Vector3(-Math.sin(this.walkYaw), 0, -Math.cos(this.walkYaw));
    this.perspective.position.addScaledVector(dir, distance);
    this.applyWalk();
  }

  turn(angle: number) {
    this.walkYaw += angle;
    this.applyWalk();
  }

  dispose() {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.orbit.dispose();
    this.topControls.dispose();
    this.three.traverse((object) => {
      const mesh = object as Mesh;
      mesh.geometry?.dispose();
      const material = mesh.material as { dispose?: () => void } | undefined;
      material?.dispose?.();
    });
    // The renderer stays for the next viewer (see acquireRenderer); only this scene's state goes.
    this.renderer.renderLists.dispose();
    this.renderer.clippingPlanes = [];
    this.canvas.remove();
    this.labels.domElement.remove();
  }

  requestRender() {
    this.needsRender = true;
  }

  private loop = () => {
    if (this.disposed) return;
    this.frame = requestAnimationFrame(this.loop);
    if (this.needsRender) this.draw();
  };

  private draw() {
    this.needsRender = false;
    const camera = this.mode === 'top' ? this.top : this.perspective;
    this.renderer.render(this.three, camera);
    this.labels.render(this.three, camera);
    if (!this.firstFrame) {
      this.firstFrame = true;
      performance.mark('planform:model-first-frame');
      this.events.onFirstFrame?.();
    }
  }

  private resize() {
    const rect = this.container.getBoundingClientRect();
    this.width = Math.max(1, Math.round(rect.width));
    this.height = Math.max(1, Math.round(rect.height));
    // The shared renderer keeps its size from the last viewer, or from warmRenderer, when it fits.
    sizeRenderer(this.renderer, this.width, this.height);
    this.labels.setSize(this.width, this.height);
    this.perspective.aspect = this.width / this.height;
    this.perspective.updateProjectionMatrix();
    this.fitTopFrustum();
    this.reportScale();
    this.requestRender();
  }

  /** The orthographic frustum: the building's footprint with a margin, at zoom 1. */
  private fitTopFrustum() {
    const { min, max } = this.scene.bounds;
    const spanX = (max[0] - min[0]) * 1.15 + 1;
    const spanZ = (max[2] - min[2]) * 1.15 + 1;
    const aspect = this.width / this.height;
    const halfH = Math.max(spanZ, spanX / aspect) / 2;
    this.top.left = -halfH * aspect;
    this.top.right = halfH * aspect;
    this.top.top = halfH;
    this.top.bottom = -halfH;
    this.top.updateProjectionMatrix();
  }

  private frameTop() {
    const c = sceneCentre(this.scene);
    this.top.position.set(c[0], this.scene.bounds.max[1] + this.radius * 2 + 10, c[2]);
    this.top.zoom = 1;
    this.fitTopFrustum();
    this.topControls.target.set(c[0], 0, c[2]);
    this.top.lookAt(c[0], 0, c[2]);
    this.topControls.update();
  }

  private reportScale() {
    if (this.mode !== 'top') {
      this.events.onScale?.(null);
      return;
    }
    const metresAcross = (this.top.right - this.top.left) / this.top.zoom;
    this.events.onScale?.(this.width / metresAcross);
  }

  private zoom(factor: number) {
    if (this.mode === 'top') {
      this.top.zoom = Math.min(50, Math.max(0.2, this.top.zoom / factor));
      this.top.updateProjectionMatrix();
      this.topControls.update();
      this.reportScale();
      return;
    }
    const offset = this.perspective.position.clone().sub(this.orbit.target).multiplyScalar(factor);
    const length = Math.min(this.orbit.maxDistance, Math.max(this.orbit.minDistance, offset.length()));
    offset.setLength(length);
    this.perspective.position.copy(this.orbit.target).add(offset);
    this.orbit.update();
  }

  private enterWalk() {
    // Start where the camera stands, brought down to eye height (inside the largest room when there is one).
    const largest = this.scene.rooms.reduce<number>(
      (best, room, i, all) => (best < 0 || room.areaM2 > all[best]!.areaM2 ? i : best),
      -1,
    );
    if (largest >= 0) {
      const cam = roomCamera(this.scene.rooms[largest]!);
      this.perspective.position.set(...cam.position);
      this.walkYaw = Math.atan2(-(cam.target[0] - cam.position[0]), -(cam.target[2] - cam.position[2]));
    } else {
      const look = this.orbit.target.clone().sub(this.perspective.position);
      this.walkYaw = Math.atan2(-look.x, -look.z);
      this.perspective.position.y = EYE_HEIGHT;
    }
    this.walkPitch = 0;
    this.perspective.fov = 70;
    this.perspective.updateProjectionMatrix();
    this.applyWalk();
  }

  private walkTarget(): Vector3 {
    const dir = new Vector3(
      -Math.sin(this.walkYaw) * Math.cos(this.walkPitch),
      Math.sin(this.walkPitch),
      -Math.cos(this.walkYaw) * Math.cos(this.walkPitch),
    );
    return this.perspective.position.clone().add(dir.multiplyScalar(3));
  }

  private applyWalk() {
    this.perspective.position.y = EYE_HEIGHT;
    this.perspective.lookAt(this.walkTarget());
    this.requestRender();
  }

  private onPointerDown = (event: PointerEvent) => {
    this.pointerDown = { x: event.clientX, y: event.clientY, yaw: this.walkYaw, pitch: this.walkPitch };
    if (this.mode === 'walk') this.canvas.setPointerCapture?.(event.pointerId);
  };

  private onPointerMove = (event: PointerEvent) => {
    if (!this.pointerDown || this.mode !== 'walk') return;
    const dx = event.clientX - this.pointerDown.x;
    const dy = event.clientY - this.pointerDown.y;
    this.walkYaw = this.pointerDown.yaw + dx * 0.005;
    this.walkPitch = Math.max(-1.2, Math.min(1.2, this.pointerDown.pitch + dy * 0.005));
    this.applyWalk();
  };

  private onPointerUp = (event: PointerEvent) => {
    const down = this.pointerDown;
    this.pointerDown = null;
    if (!down || !this.measuring) return;
    // A click, not a drag: measure where it lands.
    if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > 5) return;
    const rect = this.canvas.getBoundingClientRect();
    this.measureAt(
      new Vector2(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      ),
    );
  };

  private measureAt(ndc: Vector2): boolean {
    const camera = this.mode === 'top' ? this.top : this.perspective;
    this.raycaster.setFromCamera(ndc, camera);
    const pickable = [...this.layerMeshes.values()].filter((m) => m.visible);
    const hit = this.raycaster
      .intersectObjects(pickable, false)
      .find((h) => h.point.y <= this.cut.constant + 1e-6);
    if (!hit) return false;
    const reach = Math.max(0.15, this.radius * 0.02);
    const { point } = snapPoint([hit.point.x, hit.point.y, hit.point.z], this.targets, reach);
    if (this.measurePoints.length >= 2) this.clearMeasure();
    this.measurePoints.push(point);
    this.drawMeasure();
    const [a, b] = this.measurePoints;
    this.events.onMeasure?.({
      points: this.measurePoints.length,
      distance: a && b ? distanceBetween(a, b) : null,
    });
    return true;
  }

  private drawMeasure() {
    this.measureGroup.clear();
    const size = Math.max(0.05, this.radius * 0.008);
    const marker = new MeshBasicMaterial({ color: 0xdc2626, depthTest: false });
    for (const p of this.measurePoints) {
      const dot = new Mesh(new SphereGeometry(size, 12, 8), marker);
      dot.position.set(...p);
      dot.renderOrder = 10;
      this.measureGroup.add(dot);
    }
    if (this.measurePoints.length === 2) {
      const line = new Line(
        new BufferGeometry().setFromPoints(this.measurePoints.map((p) => new Vector3(...p))),
        new LineBasicMaterial({ color: 0xdc2626, depthTest: false }),
      );
      line.renderOrder = 10;
      this.measureGroup.add(line);
    }
    this.requestRender();
  }
}
