import './contact-avatar.css';
import { UserOutlined } from '@ant-design/icons';

// Soft tints for contacts without a photo, picked by name so a contact keeps its colour.
const TINTS = ['#5b8ff9', '#5ad8a6', '#f6bd16', '#e8684a', '#6dc8ec', '#9270ca', '#ff9d4d', '#269a99'];

function tintOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return TINTS[h % TINTS.length] ?? '#5b8ff9';
}

interface Props {
  name: string;
  url: string | null;
  size: number;
}

/** The contact's photo, or the first character of the name on a tint. */
export function ContactAvatar({ name, url, size }: Props) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (url) {
    return <img className="contact-avatar" src={url} alt="" style={style} loading="lazy" draggable={false} />;
  }
  const first = Array.from(name.trim())[0];
  return (
    <span className="contact-avatar" style={{ ...style, background: tintOf(name) }} aria-hidden="true">
      {first ? first.toUpperCase() : <UserOutlined />}
    </span>
  );
}
