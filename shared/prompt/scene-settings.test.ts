import { describe, expect, it } from 'vitest';
import { QUICK_PROMPTS } from '../constants';
import { readPrompt } from './scene-settings';

describe('readPrompt', () => {
  it('reads the issue’s example: white stucco walls, a flat roof, night', () => {
    const reading = readPrompt('White stucco villa, flat roof, night');
    expect(reading.settings).toEqual({
      wallColour: 'white',
      wallMaterial: 'render',
      roof: 'flat',
      timeOfDay: 'night',
    });
    expect(reading.understood).toEqual(['Walls: white render', 'Roof: flat', 'Time of day: night']);
    expect(reading.notUnderstood).toEqual([]);
  });

  it('understands every word of the quick prompts', () => {
    for (const prompt of QUICK_PROMPTS) expect(readPrompt(prompt).notUnderstood, prompt).toEqual([]);
    expect(readPrompt('Modern interior with natural lighting').settings).toEqual({ view: 'interior' });
    expect(readPrompt('Night scene with ambient lighting').settings).toEqual({ timeOfDay: 'night' });
  });

  it('tells roof words from wall words by what they stand before', () => {
    expect(readPrompt('red brick house with a grey slate roof').settings).toEqual({
      wallColour: 'red',
      wallMaterial: 'brick',
      roofColour: 'grey',
      roofMaterial: 'slate',
      roof: 'pitched',
    });
    expect(readPrompt('concrete pavilion with a green roof').settings).toMatchObject({
      wallMaterial: 'concrete',
      roofMaterial: 'green',
      roof: 'flat',
    });
    expect(readPrompt('timber cabin, metal roof').settings).toMatchObject({
      wallMaterial: 'timber',
      roofMaterial: 'metal',
      roof: 'pitched',
    });
    expect(readPrompt('terracotta roof, cream rendered walls').settings).toMatchObject({
      roofMaterial: 'tile',
      wallColour: 'cream',
      wallMaterial: 'render',
    });
    expect(readPrompt('gabled roof').settings.roof).toBe('pitched');
    expect(readPrompt('Red brick cottage, grey slate pitched roof').settings).toEqual({
      wallColour: 'red',
      wallMaterial: 'brick',
      roofColour: 'grey',
      roofMaterial: 'slate',
      roof: 'pitched',
    });
    expect(readPrompt('no roof, show the rooms').settings.roof).toBe('none');
  });

  it('keeps "architectural rendering" (the image) apart from "white render" (the material)', () => {
    expect(readPrompt('Isometric architectural rendering').settings.wallMaterial).toBeUndefined();
    expect(readPrompt('white render').settings.wallMaterial).toBe('render');
    expect(readPrompt('render walls in grey').settings).toMatchObject({
      wallMaterial: 'render',
      wallColour: 'grey',
    });
  });

  it('reads context, season, time, weather and mood, and lists the words it has no use for', () => {
    const reading = readPrompt(
      'Glass office on a city street at golden hour, rainy autumn, moody, with flamingos',
    );
    expect(reading.settings).toEqual({
      wallMaterial: 'glass',
      context: 'street',
      timeOfDay: 'golden',
      weather: 'rain',
      season: 'autumn',
      mood: 'moody',
    });
    expect(reading.notUnderstood).toEqual(['flamingos']);
    expect(readPrompt('snowy winter morning in the garden, blue hour').settings).toEqual({
      weather: 'snow',
      season: 'winter',
      timeOfDay: 'dusk',
      context: 'garden',
    });
    expect(readPrompt('zorbly zorbly quux').notUnderstood).toEqual(['zorbly', 'quux']);
    // A follow-up on a render reads like one.
    expect(readPrompt('white walls, add a flat roof, evening')).toMatchObject({
      settings: { wallColour: 'white', roof: 'flat', timeOfDay: 'dusk' },
      notUnderstood: [],
    });
    expect(readPrompt('').settings).toEqual({});
  });
});
