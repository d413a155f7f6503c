import './find.css';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConfirmHolder } from '../../components/confirm';
import { DeviceListScreen } from './list/DeviceListScreen';
import { FindIndex } from './map/FindIndex';
import { MapScreen } from './map/MapScreen';

/**
 * Find-my-phone (spec 001 §2): /find/index opens the map of the account's first phone (or the
 * empty list when there is none), /find/mobileList lists the phones, /find/mobileSearch/{id} is
 * one phone's map with its panels. A 6001 of any call leads to /find.check (the finder scope).
 */
export default function FindArea() {
  return (
    <>
      <ConfirmHolder />
      <Routes>
        <Route path="index" element={<FindIndex />} />
        <Route path="mobileList" element={<DeviceListScreen />} />
        <Route path="mobileSearch/:id" element={<MapScreen />} />
        <Route path="*" element={<Navigate to="/find/index" replace />} />
      </Routes>
    </>
  );
}
