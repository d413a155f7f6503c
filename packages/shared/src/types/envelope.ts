export interface Envelope<T = unknown> {
  code: number;
  data?: T;
  message?: string;
}
