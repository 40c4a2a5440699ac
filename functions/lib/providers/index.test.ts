import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_PROVIDERS } from '../../../shared/domain';
import { DEFAULT_MODEL_IDS, getImageProvider, MODEL_IDS } from '.';
import { localImageProvider } from './local';

afterEach(() => {
  delete process.env.BEDROCK_STABILITY_MODEL_ID;
  delete process.env.BEDROCK_NOVA_CANVAS_MODEL_ID;
  delete process.env.BEDROCK_ANALYSIS_MODEL_ID;
});

describe('getImageProvider', () => {
  it('has a provider for every id in the settings, with that id', () => {
    for (const id of IMAGE_PROVIDERS) expect(getImageProvider(id).id).toBe(id);
    expect(getImageProvider('local')).toBe(localImageProvider);
    expect(getImageProvider('bedrock-nova-canvas')).toBe(getImageProvider('bedrock-nova-canvas'));
  });
});

describe('MODEL_IDS', () => {
  it('has documented defaults and reads the environment on access', () => {
    expect(MODEL_IDS.stabilityStructure).toBe('us.stability.stable-image-control-structure-v1:0');
    expect(MODEL_IDS.novaCanvas).toBe('amazon.nova-canvas-v1:0');
    expect(MODEL_IDS.analysis).toBe('us.amazon.nova-lite-v1:0');
    expect({ ...MODEL_IDS }).toEqual({ ...DEFAULT_MODEL_IDS });
    process.env.BEDROCK_STABILITY_MODEL_ID = 'stability.stable-image-control-structure-v1:0';
    process.env.BEDROCK_NOVA_CANVAS_MODEL_ID = ' amazon.nova-canvas-v1:0 ';
    process.env.BEDROCK_ANALYSIS_MODEL_ID = '';
    expect(MODEL_IDS.stabilityStructure).toBe('stability.stable-image-control-structure-v1:0');
    expect(MODEL_IDS.novaCanvas).toBe('amazon.nova-canvas-v1:0');
    expect(MODEL_IDS.analysis).toBe(DEFAULT_MODEL_IDS.analysis);
  });
});
