import { beforeEach, describe, expect, it } from 'vitest';
import { useAddShowStore } from './add-show-store';

describe('add-show form state', () => {
  beforeEach(() => useAddShowStore.getState().reset());

  it('groups times by date, sorted, ignoring a time the date already has', () => {
    const { addDateTime } = useAddShowStore.getState();
    addDateTime('2026-12-01', '21:00');
    addDateTime('2026-12-01', '18:30');
    addDateTime('2026-12-01', '21:00');
    addDateTime('2026-12-02', '10:00');
    expect(useAddShowStore.getState().dateTimes).toEqual({ '2026-12-01': ['18:30', '21:00'], '2026-12-02': ['10:00'] });
  });

  it('removes the date with its last time', () => {
    const { addDateTime, removeTime } = useAddShowStore.getState();
    addDateTime('2026-12-01', '18:30');
    addDateTime('2026-12-01', '21:00');
    removeTime('2026-12-01', '18:30');
    expect(useAddShowStore.getState().dateTimes).toEqual({ '2026-12-01': ['21:00'] });
    removeTime('2026-12-01', '21:00');
    expect(useAddShowStore.getState().dateTimes).toEqual({});
  });
});
