import { joinTables, type HandlerTable } from '../call';
import { checkoutHandlers } from './checkout';
import { contractClientHandlers } from './contractClients';
import { contractPurchaseHandlers } from './contractPurchase';
import { giftCardHandlers } from './giftCards';
import { accountCreditHandlers } from './saleAccountCredit';
import { saleCatalogueHandlers } from './saleCatalogue';
import { saleClientServiceHandlers } from './saleClientServices';
import { saleLedgerHandlers } from './saleLedger';

/**
 * The v6 operations on sales, pricing options, contracts and what clients own; every one keeps
 * state in site.sales, site.clientServices, site.clients (AccountBalance) and site.saleRecords.
 *
 * GET /client/activeclientmemberships, /client/activeclientsmemberships, /client/clientcontracts,
 * /client/clientpurchases, /client/clientservices; POST /client/suspendcontract,
 * /client/terminatecontract, /client/updateclientcontractautopays, /client/updateclientservice,
 * /pricingoption/updatepricingoption; GET /sale/acceptedcardtypes, /sale/alternativepaymentmethods,
 * /sale/contracts, /sale/custompaymentmethods, /sale/giftcardbalance, /sale/giftcards,
 * /sale/packages, /sale/products (PUT too), /sale/productsinventory, /sale/purchasecontractstatus,
 * /sale/sales, /sale/services (PUT too), /sale/transactions; POST /sale/checkoutshoppingcart,
 * /sale/completecheckoutshoppingcart, /sale/initiatecheckoutshoppingcart,
 * /sale/initiatepurchasecontract, /sale/purchaseaccountcredit, /sale/purchasecontract,
 * /sale/purchasegiftcard, /sale/returnsale, /sale/updateproductprice; PUT /sale/updatesaledate.
 */
export const salesV6Handlers: HandlerTable = joinTables([
	contractClientHandlers,
	saleClientServiceHandlers,
	saleCatalogueHandlers,
	saleLedgerHandlers,
	checkoutHandlers,
	contractPurchaseHandlers,
	giftCardHandlers,
	accountCreditHandlers,
]);
