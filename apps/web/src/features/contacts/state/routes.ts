/** Hash routes of the area (spec 001 §2). */
export const ContactRoute = {
  root: '/contact/',
  index: '/contact/index',
  detail: (id: string) => `/contact/index/${id}`,
  create: '/contact/editor',
  edit: (id: string) => `/contact/editor/${id}`,
  selectMode: '/contact/selectmode',
} as const;
