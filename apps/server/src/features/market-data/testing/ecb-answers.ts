/**
 * An ECB eurofxref file, written in the format published at /stats/eurofxref/eurofxref-hist.xml (gesmes
 * envelope, newest day first, rates as units per euro). 2024-01-01 (TARGET holiday) and the weekend have
 * no Cube, as in the real file.
 */
export const EUROFXREF_HIST = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time="2024-01-08">
			<Cube currency="USD" rate="1.0946"/>
			<Cube currency="JPY" rate="158.17"/>
			<Cube currency="GBP" rate="0.85950"/>
		</Cube>
		<Cube time="2024-01-05">
			<Cube currency="USD" rate="1.0921"/>
			<Cube currency="JPY" rate="158.48"/>
			<Cube currency="GBP" rate="0.86058"/>
		</Cube>
		<Cube time="2024-01-04">
			<Cube currency="USD" rate="1.0953"/>
			<Cube currency="JPY" rate="158.21"/>
			<Cube currency="GBP" rate="0.86328"/>
		</Cube>
		<Cube time="2024-01-02">
			<Cube currency="USD" rate="1.0956"/>
			<Cube currency="JPY" rate="155.52"/>
			<Cube currency="GBP" rate="0.86730"/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;
