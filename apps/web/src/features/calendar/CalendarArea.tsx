import './calendar.css';
import { Route, Routes } from 'react-router-dom';
import { ConfirmHolder } from '../../components/confirm';
import { CalendarScreen } from './screen/CalendarScreen';

/**
 * The calendar area (the product's own; its gate is /calendar.check, the contacts' scope):
 * /calendar/index opens the default view on today (the month; the agenda on a phone),
 * /calendar/{month|week|day|agenda}/{YYYY-MM-DD} a view on a day.
 */
export default function CalendarArea() {
  return (
    <>
      <ConfirmHolder />
      <Routes>
        <Route path=":view/:day" element={<CalendarScreen />} />
        <Route path="*" element={<CalendarScreen />} />
      </Routes>
    </>
  );
}
