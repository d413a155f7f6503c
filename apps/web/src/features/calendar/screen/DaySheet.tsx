import { PlusOutlined } from '@ant-design/icons';
import { CalendarMsg } from '@phonecloud/shared';
import { Button, Empty, Modal } from 'antd';
import { type Day, parseDay, WEEKDAY_NAMES, weekdayIndex } from '../dates/days';
import { timeLabel } from '../state/by-day';
import type { DayMark, Occurrence } from '../state/model';
import { T } from '../texts';

interface Props {
  day: Day;
  /** A phone's width: the sheet covers the whole screen. */
  full: boolean;
  events: Occurrence[];
  mark: DayMark | undefined;
  colorOf(calendarId: string): string;
  onClose(): void;
  onOpen(o: Occurrence): void;
  onNew(): void;
}

/** A day's events in a sheet: full screen on a phone, from the month's "还有 n 个" on a desktop. */
export function DaySheet({ day, full, events, mark, colorOf, onClose, onOpen, onNew }: Props) {
  const d = parseDay(day);
  const title = (
    <span className="cal-sheet__title">
      {d.format('M月D日')} 周{WEEKDAY_NAMES[weekdayIndex(day)]}
      {mark && <span className="cal-sheet__lunar">{mark.special || mark.lunar}</span>}
      {mark?.off && <span className="cal-badge cal-badge--off">{CalendarMsg.DAY_OFF}</span>}
      {mark?.work && <span className="cal-badge cal-badge--work">{CalendarMsg.DAY_WORK}</span>}
    </span>
  );
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      className={`cal-sheet${full ? ' cal-sheet--full' : ''}`}
      footer={
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
          {CalendarMsg.NEW_EVENT}
        </Button>
      }
    >
      {mark?.holiday && <p className="cal-sheet__holiday">{mark.holiday}</p>}
      {events.length === 0 ? (
        <Empty description={T.noEvents} />
      ) : (
        <ul className="cal-sheet__list">
          {events.map((o) => (
            <li key={o.key}>
              <button
                type="button"
                className="cal-agenda__event"
                data-event={o.uid}
                style={{ '--cal-color': colorOf(o.calendarId) } as React.CSSProperties}
                onClick={() => onOpen(o)}
              >
                <span className="cal-agenda__time">{timeLabel(o, day, CalendarMsg.ALL_DAY)}</span>
                <span className="cal-agenda__text">
                  <span className="cal-agenda__title">{o.title || CalendarMsg.NO_TITLE}</span>
                  {o.location && <span className="cal-agenda__place">{o.location}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
