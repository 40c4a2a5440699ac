/**
 * The model a provider is given: an interior the brief asks for is seen from inside a room (what the local renderer
 * draws, and what a Bedrock model is conditioned on), a placed camera always wins, an exterior keeps the variation's
 * default camera.
 */
import { describe, expect, it } from 'vitest';
import type { PlanModel } from '../../../shared/plan/schema';
import { buildScene } from '../../../shared/scene/build';
import { roomCamera, variationCamera } from '../../../shared/scene/cameras';
import { modelView } from './model-view';

/** A 10 × 6 m box of two rooms (a 6 × 6 living room, a 4 × 6 bedroom), metres. */
const plan = {
  version: 1,
  status: 'ready',
  space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
  walls: [
    { a: [0, 0], b: [10, 0], thickness: 0.2 },
    { a: [10, 0], b: [10, 6], thickness: 0.2 },
    { a: [10, 6], b: [0, 6], thickness: 0.2 },
    { a: [0, 6], b: [0, 0], thickness: 0.2 },
    { a: [6, 0], b: [6, 6], thickness: 0.1 },
  ],
  openings: [],
  rooms: [
    {
      polygon: [
        [6.05, 0.1],
        [9.9, 0.1],
        [9.9, 5.9],
        [6.05, 5.9],
      ],
      areaM2: 22.3,
      label: 'Bedroom',
    },
    {
      polygon: [
        [0.1, 0.1],
        [5.95, 0.1],
        [5.95, 5.9],
        [0.1, 5.9],
      ],
      areaM2: 33.9,
      label: 'Living',
    },
  ],
} as unknown as PlanModel;

describe('the model view a provider is given', () => {
  const scene = buildScene(plan, { storeyHeight: 2.7 });
  const living = scene.rooms.find((r) => r.name === 'Living')!;
  const bedroom = scene.rooms.find((r) => r.name === 'Bedroom')!;

  it('stands in the largest room for an interior (the next largest for variation 2)', () => {
    const brief = 'modern interior, white kitchen';
    expect(modelView(plan, 2.7, { variation: 1, brief })).toMatchObject({
      camera: roomCamera(living),
      placed: false,
    });
    expect(modelView(plan, 2.7, { variation: 2, brief })?.camera).toEqual(roomCamera(bedroom));
  });

  it('keeps the default camera for an exterior, and the placed camera whatever the brief', () => {
    expect(modelView(plan, 2.7, { variation: 1, brief: 'brick house at dusk' })?.camera).toEqual(
      variationCamera(scene, 1),
    );
    const placed = {
      position: [1, 20, 1] as [number, number, number],
      target: [5, 0, 3] as [number, number, number],
      fovDeg: 50,
    };
    expect(modelView(plan, 2.7, { variation: 1, brief: 'modern interior', camera: placed })).toMatchObject({
      camera: placed,
      placed: true,
    });
  });
});
