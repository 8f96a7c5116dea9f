import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on sales, pricing options, contracts and what clients own. */
export const salesV6Handlers: HandlerTable = {
	'client.getActiveMemberships': fixtureAnswer, // GET /client/activeclientmemberships
	'client.getActiveMembershipsOfClients': fixtureAnswer, // GET /client/activeclientsmemberships
	'clientContract.getMany': fixtureAnswer, // GET /client/clientcontracts
	'client.getPurchases': fixtureAnswer, // GET /client/clientpurchases
	'client.getServices': fixtureAnswer, // GET /client/clientservices
	'clientContract.suspend': fixtureAnswer, // POST /client/suspendcontract
	'clientContract.terminate': fixtureAnswer, // POST /client/terminatecontract
	'clientContract.updateAutopays': fixtureAnswer, // POST /client/updateclientcontractautopays
	'client.updateService': fixtureAnswer, // POST /client/updateclientservice
	'pricingOption.update': fixtureAnswer, // POST /pricingoption/updatepricingoption
	'sale.getAcceptedCardTypes': fixtureAnswer, // GET /sale/acceptedcardtypes
	'sale.getAlternativePaymentMethods': fixtureAnswer, // GET /sale/alternativepaymentmethods
	'contract.getMany': fixtureAnswer, // GET /sale/contracts
	'sale.getCustomPaymentMethods': fixtureAnswer, // GET /sale/custompaymentmethods
	'giftCard.getBalance': fixtureAnswer, // GET /sale/giftcardbalance
	'giftCard.getMany': fixtureAnswer, // GET /sale/giftcards
	'sale.getPackages': fixtureAnswer, // GET /sale/packages
	'product.getMany': fixtureAnswer, // GET /sale/products
	'product.updatePrices': fixtureAnswer, // PUT /sale/products
	'product.getInventory': fixtureAnswer, // GET /sale/productsinventory
	'contract.getPurchaseStatus': fixtureAnswer, // GET /sale/purchasecontractstatus
	'sale.getMany': fixtureAnswer, // GET /sale/sales
	'pricingOption.getMany': fixtureAnswer, // GET /sale/services
	'pricingOption.updatePrices': fixtureAnswer, // PUT /sale/services
	'sale.getTransactions': fixtureAnswer, // GET /sale/transactions
	'sale.checkout': fixtureAnswer, // POST /sale/checkoutshoppingcart
	'sale.completeCheckout': fixtureAnswer, // POST /sale/completecheckoutshoppingcart
	'sale.initiateCheckout': fixtureAnswer, // POST /sale/initiatecheckoutshoppingcart
	'contract.initiatePurchase': fixtureAnswer, // POST /sale/initiatepurchasecontract
	'sale.purchaseAccountCredit': fixtureAnswer, // POST /sale/purchaseaccountcredit
	'contract.purchase': fixtureAnswer, // POST /sale/purchasecontract
	'giftCard.purchase': fixtureAnswer, // POST /sale/purchasegiftcard
	'sale.return': fixtureAnswer, // POST /sale/returnsale
	'product.updatePrice': fixtureAnswer, // POST /sale/updateproductprice
	'sale.updateDate': fixtureAnswer, // PUT /sale/updatesaledate
};
