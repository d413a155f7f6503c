import { LeftOutlined, MenuOutlined, PlusOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { CALENDAR_SEARCH_MAX_CHARS, CalendarMsg } from '@phonecloud/shared';
import { Button, Input, Radio } from 'antd';
import type { Day } from '../dates/days';
import { isValidDay } from '../dates/days';
import { stepDay, viewTitle } from '../dates/nav';
import type { CalendarView } from '../state/routes';
import { T } from '../texts';

interface Props {
  view: CalendarView;
  day: Day;
  today: Day;
  narrow: boolean;
  query: string;
  onQuery(q: string): void;
  onGo(view: CalendarView, day: Day): void;
  onNew(): void;
  onSide(): void;
}

const VIEW_OPTIONS: { value: CalendarView; label: string }[] = [
  { value: 'month', label: CalendarMsg.VIEW_MONTH },
  { value: 'week', label: CalendarMsg.VIEW_WEEK },
  { value: 'day', label: CalendarMsg.VIEW_DAY },
  { value: 'agenda', label: CalendarMsg.VIEW_AGENDA },
];

/** Today, previous / next, the heading, jump to a date, the views and the search. */
export function Toolbar({ view, day, today, narrow, query, onQuery, onGo, onNew, onSide }: Props) {
  return (
    <div className="cal-toolbar">
      <div className="cal-toolbar__nav">
        {narrow && <Button aria-label={T.openCalendars} icon={<MenuOutlined />} onClick={onSide} />}
        <Button onClick={() => onGo(view, today)} disabled={day === today && view !== 'month'}>
          {CalendarMsg.TODAY}
        </Button>
        <Button
          aria-label={CalendarMsg.PREV}
          icon={<LeftOutlined />}
          onClick={() => onGo(view, stepDay(view, day, -1))}
        />
        <Button
          aria-label={CalendarMsg.NEXT}
          icon={<RightOutlined />}
          onClick={() => onGo(view, stepDay(view, day, 1))}
        />
        <h1 className="cal-toolbar__title">{viewTitle(view, day)}</h1>
      </div>
      <div className="cal-toolbar__tools">
        <Input
          type="date"
          className="cal-toolbar__jump"
          aria-label={CalendarMsg.JUMP}
          title={CalendarMsg.JUMP}
          value={day}
          onChange={(e) => {
            if (isValidDay(e.target.value)) onGo(view, e.target.value);
          }}
        />
        <Input
          type="search"
          className="cal-toolbar__search"
          aria-label={T.search}
          prefix={<SearchOutlined />}
          placeholder={CalendarMsg.SEARCH_PLACEHOLDER}
          maxLength={CALENDAR_SEARCH_MAX_CHARS}
          allowClear
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onQuery('');
          }}
        />
        <Radio.Group
          className="cal-toolbar__views"
          aria-label={T.views}
          value={view}
          options={VIEW_OPTIONS}
          optionType="button"
          onChange={(e) => onGo(e.target.value as CalendarView, day)}
        />
        {narrow && (
          <Button type="primary" aria-label={CalendarMsg.NEW_EVENT} icon={<PlusOutlined />} onClick={onNew} />
        )}
      </div>
    </div>
  );
}
