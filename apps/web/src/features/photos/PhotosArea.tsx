import './photos.css';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConfirmHolder } from '../../components/confirm';
import PhotoSettings from './settings/PhotoSettings';
import { Timeline } from './Timeline';

const PlacesMap = lazy(() => import('./map/PlacesMap'));

/**
 * Photos (docs/photos.md): /photo/index is the timeline with its year scrubber and the
 * full-screen viewer. A 6001 of any call leads to /photo.check.
 */
export default function PhotosArea() {
  return (
    <>
      <ConfirmHolder />
      <Routes>
        <Route
          path="index"
          element={
            <main className="photo-page">
              <h1 className="photo-page__title">相册</h1>
              <Timeline />
            </main>
          }
        />
        <Route path="map" element={<PlacesMap />} />
        <Route path="settings" element={<PhotoSettings />} />
        <Route path="*" element={<Navigate to="/photo/index" replace />} />
      </Routes>
    </>
  );
}
