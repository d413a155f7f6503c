import { Button, type ButtonProps } from 'antd';
import { useSkinButtonClass } from './skin-context';

/** A primary button wearing the current skin's button class. */
export function PrimaryButton({ className, ...props }: Omit<ButtonProps, 'type'>) {
  const skinClass = useSkinButtonClass();
  return <Button {...props} type="primary" className={className ? `${skinClass} ${className}` : skinClass} />;
}
