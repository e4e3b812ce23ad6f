/** Every client route path, written once. Links and the route table both read from here. */
export const paths = {
  home: '/',
  about: '/about',
  notFound: '*',
} as const;
