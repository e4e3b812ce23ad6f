export { type FetchPageOptions, type ResolvedAddress } from './fetch-page.options';
export { fetchPageTool } from './fetch-page.tool';
export { ToolInputError } from '../../tool-input-error';
