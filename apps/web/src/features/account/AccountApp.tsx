import { CloudOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { platformQueries } from '../../api/platform-queries';
import { SiteFooter } from '../../components/SiteFooter';
import { CentrePage } from './centre/CentrePage';
import { ForgotPage } from './sign-in/ForgotPage';
import { LoginPage } from './sign-in/LoginPage';
import { RegisterPage } from './sign-in/RegisterPage';
import { PORTAL_HOME } from './sign-in/redirect';

/** The central login (a second entry of the build): #/login, #/register, #/forgot, #/centre. */
export function AccountApp() {
  const { data: info } = useQuery(platformQueries.info());
  return (
    <div className="account-page">
      <header className="account-header">
        <a href={PORTAL_HOME} className="account-header__brand">
          <CloudOutlined className="account-header__logo" />
          <span>{info?.productName ?? ''}</span>
        </a>
        <span className="account-header__tag">账号中心</span>
      </header>
      <main className="account-main">
        <HashRouter>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/forgot" element={<ForgotPage />} />
            <Route path="/centre" element={<CentrePage />} />
            <Route path="*" element={<Navigate to="/login" replace />} />
          </Routes>
        </HashRouter>
      </main>
      <SiteFooter />
    </div>
  );
}
