export { createAuctionRequest } from '@sm/contract';
