import './verify.css';
import { type GatedArea, GatedAreaName, scopeOfArea } from '@phonecloud/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { markVerified, openDrive } from '../../api';
import { VerifyDialog } from '../../components/verify-dialog/VerifyDialog';
import { GateBackdrop } from './GateBackdrop';
import { gateTarget } from './gate-targets';
import { IntroModal } from './IntroModal';

/** The check screen of a gated area (`/{area}.check`): the intro pop-up, then the dialog. */
export default function VerifyGate({ area }: { area: GatedArea }) {
  const navigate = useNavigate();
  const [started, setStarted] = useState(false);
  const name = GatedAreaName[area];
  const close = () => navigate('/home/index', { replace: true });

  const verified = () => {
    markVerified(area);
    const target = gateTarget(area);
    if ('route' in target) navigate(target.route, { replace: true });
    else void openDrive((route) => navigate(route, { replace: true }), target.drive);
  };

  return (
    <>
      <GateBackdrop name={name} />
      {started ? (
        <VerifyDialog scope={scopeOfArea(area)} onClose={close} onVerified={verified} />
      ) : (
        <IntroModal name={name} onStart={() => setStarted(true)} onClose={close} />
      )}
    </>
  );
}
