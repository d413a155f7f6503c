import { describe, expect, it } from 'vitest';
import { filterFromForm, formFromParams, paramsFromForm } from './search-filter';

describe('the photo search', () => {
  it('asks only for the fields given', () => {
    const form = formFromParams(new URLSearchParams('place=%E6%9D%AD%E5%B7%9E&kind=video'));
    expect(filterFromForm(form)).toEqual({ place: '杭州', kind: 'video' });
    expect(paramsFromForm(form)).toEqual({ place: '杭州', kind: 'video' });
  });

  it('puts a backwards range the right way round and ignores what is not a day', () => {
    const form = { from: '2024-05-31', to: '2024-05-01', place: '', camera: ' Canon ', kind: 'all' };
    expect(filterFromForm(form)).toEqual({ from: '2024-05-01', to: '2024-05-31', camera: 'Canon' });
    expect(filterFromForm({ ...form, from: '2024-5-1', to: '' })).toEqual({ camera: 'Canon' });
  });

  it('is nothing when nothing is asked', () => {
    expect(filterFromForm(formFromParams(new URLSearchParams('')))).toBeNull();
  });
});
