import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on clients and their records. */
export const clientsV6Handlers: HandlerTable = {
	'client.getAccountBalances': fixtureAnswer, // GET /client/clientaccountbalances
	'client.getCompleteInfo': fixtureAnswer, // GET /client/clientcompleteinfo
	'client.getDirectDebitInfo': fixtureAnswer, // GET /client/clientdirectdebitinfo
	'client.deleteDirectDebitInfo': fixtureAnswer, // DELETE /client/clientdirectdebitinfo
	'client.getDuplicates': fixtureAnswer, // GET /client/clientduplicates
	'client.getFormulaNotes': fixtureAnswer, // GET /client/clientformulanotes
	'clientIndex.getMany': fixtureAnswer, // GET /client/clientindexes
	'client.getReferralTypes': fixtureAnswer, // GET /client/clientreferraltypes
	'client.getRewards': fixtureAnswer, // GET /client/clientrewards
	'client.updateRewards': fixtureAnswer, // POST /client/clientrewards
	'client.getMany': fixtureAnswer, // GET /client/clients
	'contactLog.getMany': fixtureAnswer, // GET /client/contactlogs
	'contactLog.getTypes': fixtureAnswer, // GET /client/contactlogtypes
	'client.getCrossRegionalAssociations': fixtureAnswer, // GET /client/crossregionalclientassociations
	'client.getCustomFields': fixtureAnswer, // GET /client/customclientfields
	'client.getRequiredFields': fixtureAnswer, // GET /client/requiredclientfields
	'client.addArrival': fixtureAnswer, // POST /client/addarrival
	'client.create': fixtureAnswer, // POST /client/addclient
	'client.addDirectDebitInfo': fixtureAnswer, // POST /client/addclientdirectdebitinfo
	'client.addFormulaNote': fixtureAnswer, // POST /client/addclientformulanote
	'contactLog.create': fixtureAnswer, // POST /client/addcontactlog
	'client.merge': fixtureAnswer, // POST /client/mergeclients
	'client.sendAutoEmail': fixtureAnswer, // POST /client/sendautoemail
	'client.sendPasswordResetEmail': fixtureAnswer, // POST /client/sendpasswordresetemail
	'client.update': fixtureAnswer, // POST /client/updateclient
	'contactLog.update': fixtureAnswer, // POST /client/updatecontactlog
	'client.uploadDocument': fixtureAnswer, // POST /client/uploadclientdocument
	'client.uploadPhoto': fixtureAnswer, // POST /client/uploadclientphoto
	'client.deleteFormulaNote': fixtureAnswer, // DELETE /client/clientformulanote
	'contactLog.delete': fixtureAnswer, // DELETE /client/deletecontactlog
	'client.copyCreditCard': fixtureAnswer, // POST /crossSite/copycreditcard
};
