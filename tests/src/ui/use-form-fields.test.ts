import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormFields } from '../../../src/ui/use-form-fields';

describe('useFormFields', () => {
  it('clears the message of the field edited and the whole-form one, and no other', () => {
    const { result } = renderHook(() => useFormFields({ email: '', password: '' }));
    act(() => result.current.setErrors({ email: 'Bad email', password: 'Too short', form: 'No' }));
    act(() => result.current.set('email', 'ada@example.ca'));
    expect(result.current.values).toEqual({ email: 'ada@example.ca', password: '' });
    expect(result.current.errors).toEqual({ password: 'Too short' });
  });

  it('names the messages cleared where they differ from the values (API field names)', () => {
    const { result } = renderHook(() =>
      useFormFields<{ intervals: { routine: string } }, 'intervals.routine' | 'regime'>({
        intervals: { routine: '' },
      }),
    );
    act(() => result.current.setErrors({ 'intervals.routine': 'Too long', regime: 'Pick one' }));
    act(() => result.current.update({ intervals: { routine: '24' } }, ['intervals.routine']));
    expect(result.current.values.intervals.routine).toBe('24');
    expect(result.current.errors).toEqual({ regime: 'Pick one' });
  });
});
