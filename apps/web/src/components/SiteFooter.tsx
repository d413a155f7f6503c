import { LegalPage } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { platformQueries } from '../api/platform-queries';

/** Copyright line, filing number and the two legal pages; on the portal and the account pages. */
export function SiteFooter() {
  const { data: info } = useQuery(platformQueries.info());
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <span>
        © {year} {info?.vendor ?? ''}
      </span>
      {info?.filingNumber ? (
        <a href={info.filingUrl} target="_blank" rel="noopener noreferrer">
          {info.filingNumber}
        </a>
      ) : null}
      <a href={LegalPage.privacy} target="_blank" rel="noopener">
        隐私政策
      </a>
      <a href={LegalPage.agreement} target="_blank" rel="noopener">
        用户协议
      </a>
    </footer>
  );
}
