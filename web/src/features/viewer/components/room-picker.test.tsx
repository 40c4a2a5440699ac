import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROOM_OPTIONS_UPFRONT, RoomPicker } from './room-picker';

const roomsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Room ${i + 1}`,
    outline: [],
    areaM2: 9,
    slabThickness: 0.2,
  }));

describe('RoomPicker', () => {
  it('lists a building of ordinary size at once', () => {
    render(<RoomPicker rooms={roomsOf(6)} value="" onChoose={() => undefined} />);
    expect(screen.getAllByRole('option')).toHaveLength(7);
  });

  it('fills a list of hundreds of rooms once it is focused, and says which room was chosen', () => {
    const onChoose = vi.fn();
    const count = ROOM_OPTIONS_UPFRONT * 3;
    render(<RoomPicker rooms={roomsOf(count)} value="" onChoose={onChoose} />);
    const picker = screen.getByRole('combobox', { name: 'View from room' });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.focus(picker);
    expect(screen.getAllByRole('option')).toHaveLength(count + 1);
    fireEvent.change(picker, { target: { value: '250' } });
    expect(onChoose).toHaveBeenCalledWith('250');
  });
});
