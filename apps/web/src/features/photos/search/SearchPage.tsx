import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Timeline } from '../timeline/Timeline';
import { filterFromForm, formFromParams, paramsFromForm, type SearchForm } from './search-filter';

const KINDS = [
  { value: '', label: '全部' },
  { value: 'image', label: '图片' },
  { value: 'video', label: '视频' },
];

/** A labelled field of the form: the label names its control by id. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="photo-search__field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * 搜索: the date range, place, camera and kind; the answer is the timeline of the photos that
 * match them all. The search lives in the address, so it survives a reload.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const asked = useMemo(() => formFromParams(params), [params]);
  const filter = useMemo(() => filterFromForm(asked), [asked]);
  const [form, setForm] = useState<SearchForm>(asked);
  // The address changed by itself (back, the 搜索 link again): the fields follow it.
  useEffect(() => setForm(asked), [asked]);
  const set = (field: keyof SearchForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(paramsFromForm(form));
  };
  return (
    <section className="photo-search" aria-label="搜索照片">
      <form className="photo-search__form" onSubmit={submit} aria-label="搜索条件">
        <Field label="开始日期">
          {(id) => (
            <Input id={id} type="date" value={form.from} onChange={(e) => set('from')(e.target.value)} />
          )}
        </Field>
        <Field label="结束日期">
          {(id) => <Input id={id} type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} />}
        </Field>
        <Field label="地点">
          {(id) => (
            <Input
              id={id}
              placeholder="如 杭州、浙江"
              value={form.place}
              onChange={(e) => set('place')(e.target.value)}
            />
          )}
        </Field>
        <Field label="相机">
          {(id) => (
            <Input
              id={id}
              placeholder="如 iPhone、Canon"
              value={form.camera}
              onChange={(e) => set('camera')(e.target.value)}
            />
          )}
        </Field>
        <Field label="类型">
          {(id) => <Select id={id} value={form.kind} options={KINDS} onChange={set('kind')} />}
        </Field>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          搜索
        </Button>
      </form>
      {filter && (
        <p className="photo-search__map">
          <Link to={`/photo/map?${new URLSearchParams(paramsFromForm(asked)).toString()}`}>
            <EnvironmentOutlined /> 在地图上查看
          </Link>
        </p>
      )}
      {filter ? (
        <Timeline key={JSON.stringify(filter)} filter={filter} empty="没有符合条件的照片" />
      ) : (
        <p className="photo-search__hint">填写一个或几个条件后搜索</p>
      )}
    </section>
  );
}
